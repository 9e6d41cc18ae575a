import { z } from 'zod';
import { VALIDATION_MESSAGES as M, message, refinement } from './messages.js';

/** E-mail format (docs/product.md, Validation): at most 254 characters, local part at most 64. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, message(M.emailRequired))
  .max(254, message(M.emailTooLong))
  .pipe(z.email(message(M.emailInvalid)))
  .refine((v) => (v.split('@')[0] ?? '').length <= 64, refinement(M.emailLocalTooLong))
  .describe('E-mail address');
