import { refinement, registerInputSchema, VALIDATION_MESSAGES } from '@studybuddy/contracts';
import { z } from 'zod';

/**
 * The contract's register input plus what only the form needs: the confirmation and the two
 * Terms of Service checkboxes. Messages are the contracts' catalogue texts or `validation.*`
 * translation keys.
 */
export const registerFormSchema = registerInputSchema
  .extend({
    confirmPassword: z.string().min(1, 'validation.confirmPasswordRequired'),
    readTerms: z.boolean().refine((v) => v, 'validation.readTermsRequired'),
    agreeTerms: z.boolean().refine((v) => v, 'validation.agreeTermsRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    ...refinement(VALIDATION_MESSAGES.passwordsMismatch),
    // Check the pair even while other fields are still empty (zod skips refinements otherwise).
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof value.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });

export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

export const registerFormDefaults: RegisterFormInput = {
  username: '',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  readTerms: false,
  agreeTerms: false,
};
