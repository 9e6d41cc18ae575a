import { z } from 'zod';

/** E-mail format (docs/product.md, Validation): at most 254 characters, local part at most 64. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'))
  .refine((v) => (v.split('@')[0] ?? '').length <= 64, {
    message: 'The part before @ must be at most 64 characters.',
  })
  .describe('E-mail address');
