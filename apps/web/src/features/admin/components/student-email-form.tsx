import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_MESSAGES,
  type AdminResetLinkInput,
  adminResetLinkInputSchema,
} from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';

export interface StudentEmailFormProps {
  /** The action on the student with this e-mail; a refusal it throws lands on the form. */
  onSubmit: (email: string) => Promise<void>;
  submitLabel: string;
  busy: boolean;
  busyLabel?: string;
  buttonClass: string;
  /** Empty the field once the action is done (the delete-like actions do). */
  clearOnDone?: boolean;
  /** The field's label; by default "Student's e-mail address". */
  emailLabel?: string;
  /** A second action on the same e-mail (a role's grant and its revoke), on its own button. */
  secondary?: { label: string; onSubmit: (email: string) => Promise<void> };
}

/**
 * A student's e-mail and one button (or two), for the admin's actions on an account (a reset
 * link, two-step sign-in off, the teacher role): an e-mail with no account lands on the field,
 * other failures above the form.
 */
export function StudentEmailForm(props: StudentEmailFormProps) {
  const { t, i18n } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<AdminResetLinkInput>({
    resolver: zodResolver(adminResetLinkInputSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const submitWith = (action: (email: string) => Promise<void>) =>
    handleSubmit(async ({ email }) => {
      setFormError(null);
      try {
        await action(email);
        if (props.clearOnDone) reset();
      } catch (error) {
        if (putFieldIssues(error, ['email'], setError, t, i18n.language)) return;
        if (isApiError(error) && error.message === ADMIN_MESSAGES.noSuchStudent)
          setError('email', { type: 'server', message: t('admin.resetLink.noSuchStudent') });
        else setFormError(errorMessage(error, t, i18n.language));
      }
    });
  const { secondary } = props;

  return (
    <form className="form admin-delete" noValidate onSubmit={submitWith(props.onSubmit)}>
      <FormMessage tone="error">{formError}</FormMessage>
      <InputField
        label={props.emailLabel ?? t('admin.resetLink.email')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        required
        error={shownError(formState, 'email', t)}
        {...register('email')}
      />
      <div className="actions">
        <button type="submit" className={props.buttonClass} disabled={props.busy}>
          {props.busy && props.busyLabel ? props.busyLabel : props.submitLabel}
        </button>
        {secondary ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={props.busy}
            onClick={(e) => void submitWith(secondary.onSubmit)(e)}
          >
            {secondary.label}
          </button>
        ) : null}
      </div>
    </form>
  );
}
