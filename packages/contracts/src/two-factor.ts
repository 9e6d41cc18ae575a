import { z } from 'zod';
import { authTokenResponseSchema, messageResponseSchema, PASSWORD_MAX } from './auth.js';
import { emailSchema } from './email.js';
import { endpoint } from './endpoint.js';
import { VALIDATION_MESSAGES as M, message } from './messages.js';

/** The server's refusals of two-step sign-in (the browser shows `errors.<code>` instead). */
export const TWO_FACTOR_MESSAGES = {
  codeInvalid: 'The code is not right. Enter the 6 digits your app shows now, or a recovery code.',
  challengeInvalid: 'This login waited too long for its code. Log in again.',
} as const;

/** Recovery codes made when two-step sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

const passwordField = z.string().min(1, message(M.enterPassword)).max(PASSWORD_MAX);
/** A 6-digit code from the app, or a recovery code (`xxxx-xxxx-xx`). */
const codeField = z.string().trim().min(1).max(40);

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int().describe('Unused recovery codes'),
  })
  .describe('TwoFactorStatus');
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupInputSchema = z
  .object({ password: passwordField })
  .strict()
  .describe('TwoFactorSetupInput');
export type TwoFactorSetupInput = z.infer<typeof twoFactorSetupInputSchema>;

export const twoFactorSetupSchema = z
  .object({
    secret: z.string().describe('Base32, for typing into an app that cannot scan'),
    otpauthUri: z.string().describe('otpauth://totp/... as the QR code holds it'),
    qrSvg: z.string().describe('The QR code of otpauthUri, an SVG document'),
  })
  .describe('TwoFactorSetup');
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeInputSchema = z
  .object({ code: codeField })
  .strict()
  .describe('TwoFactorCodeInput');
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInputSchema>;

export const twoFactorEnabledSchema = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .describe(`${RECOVERY_CODE_COUNT} one-time codes, shown once: only their hashes are kept`),
  })
  .describe('TwoFactorEnabled');
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

export const twoFactorDisableInputSchema = z
  .object({ password: passwordField, code: codeField })
  .strict()
  .describe('TwoFactorDisableInput');
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableInputSchema>;

export const loginTwoFactorInputSchema = z
  .object({ challenge: z.string().min(1).max(500), code: codeField })
  .strict()
  .describe('LoginTwoFactorInput');
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorInputSchema>;

export const adminTwoFactorRemoveInputSchema = z
  .object({ email: emailSchema })
  .strict()
  .describe('AdminTwoFactorRemoveInput');
export type AdminTwoFactorRemoveInput = z.infer<typeof adminTwoFactorRemoveInputSchema>;

export const twoFactorEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/account/two-factor',
    body: undefined,
    response: twoFactorStatusSchema,
    summary: 'Whether two-step sign-in is on, and the recovery codes left',
  }),
  setup: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/setup',
    body: twoFactorSetupInputSchema,
    response: twoFactorSetupSchema,
    summary: 'A new TOTP secret to scan (needs the password); on only once a code confirms it',
  }),
  enable: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/enable',
    body: twoFactorCodeInputSchema,
    response: twoFactorEnabledSchema,
    summary: 'Turns two-step sign-in on with a first code; answers the recovery codes, once',
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    body: twoFactorDisableInputSchema,
    response: messageResponseSchema,
    summary: 'Turns it off: the password and a code (or a recovery code)',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/authentication/login/two-factor',
    body: loginTwoFactorInputSchema,
    response: authTokenResponseSchema,
    summary: 'Finishes a login that asked for a code; a recovery code works once in its place',
  }),
  adminRemove: endpoint({
    method: 'POST',
    path: '/api/admin/accounts/two-factor/remove',
    body: adminTwoFactorRemoveInputSchema,
    response: messageResponseSchema,
    summary: 'Admins only (404 to others): turns off a student’s two-step sign-in (a lost phone)',
  }),
};
