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
    passwordLogin: z
      .boolean()
      .describe('Students sign in, register and reset with a password (PASSWORD_LOGIN)'),
    schoolSignIn: z
      .object({
        label: z
          .string()
          .nullable()
          .describe("The button's text the admin set (OIDC_BUTTON_LABEL); null: the app's own"),
      })
      .nullable()
      .describe('School sign-in (OpenID Connect) is on; null: it is off'),
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
