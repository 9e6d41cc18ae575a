import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Links a self-hosting admin sets for the footer and contact page (docs/product.md, Screens). */
export const siteConfigSchema = z
  .object({
    supportEmail: z.string().describe('Support e-mail address'),
    socialUrl: z.string().describe('Social network profile'),
    codeUrl: z.string().describe('Where the source code is hosted'),
    communityUrl: z.string().describe('Community chat'),
    passwordResetByEmail: z
      .boolean()
      .describe(
        'A forgotten password is reset by e-mail (SMTP is set); else the admin makes a link',
      ),
  })
  .describe('SiteConfig');
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const siteEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/site',
    body: undefined,
    response: siteConfigSchema,
    summary: 'Public links of this StudyBuddy instance (no login needed)',
  }),
};
