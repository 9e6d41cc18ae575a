import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField, FormMessage, InputField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { authErrorText } from './auth-error';
import {
  type RegisterFormInput,
  type RegisterFormValues,
  registerFormDefaults,
  registerFormSchema,
} from './register-form-schema';
import { TermsDialog } from './terms-dialog';

const serverFields = ['username', 'firstName', 'lastName', 'email', 'password'] as const;

export interface RegisterFormProps {
  onSuccess: () => void;
}

/**
 * Registration (docs/product.md, Screens, Validation, Errors). On success it logs in at once
 * with the same credentials; the caller then goes to the dashboard.
 */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const { t, i18n } = useTranslation();
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const { register, handleSubmit, setError, getValues, formState } = useForm<
    RegisterFormInput,
    unknown,
    RegisterFormValues
  >({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: registerFormDefaults,
  });

  const errorText = (name: FieldPath<RegisterFormInput>) => shownError(formState, name, t);

  const onValid = async (values: RegisterFormValues) => {
    setFormError(null);
    const { username, firstName, lastName, email, password } = values;
    try {
      await registerMutation.mutateAsync({ username, firstName, lastName, email, password });
    } catch (error) {
      putFieldIssues(error, serverFields, setError, t, i18n.language);
      setFormError(authErrorText(error, t, i18n.language, 'auth.register.errors.failed'));
      return;
    }
    try {
      await loginMutation.mutateAsync({ email, password });
      onSuccess();
    } catch (error) {
      setFormError(
        authErrorText(error, t, i18n.language, 'auth.register.errors.loginAfterRegisterFailed'),
      );
    }
  };

  // Reached only by a programmatic submit (the button is disabled while invalid).
  const onInvalid = () => {
    const { password, confirmPassword } = getValues();
    setFormError(
      password !== confirmPassword
        ? t('validation.passwordsMismatch')
        : t('auth.register.errors.invalidForm'),
    );
  };

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        aria-labelledby="register-title"
      >
        <FormMessage tone="error">{formError}</FormMessage>
        <InputField
          label={t('auth.register.username')}
          autoComplete="username"
          required
          error={errorText('username')}
          {...register('username')}
        />
        <div className="form__row">
          <InputField
            label={t('auth.register.firstName')}
            autoComplete="given-name"
            required
            error={errorText('firstName')}
            {...register('firstName')}
          />
          <InputField
            label={t('auth.register.lastName')}
            autoComplete="family-name"
            required
            error={errorText('lastName')}
            {...register('lastName')}
          />
        </div>
        <InputField
          label={t('auth.register.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          error={errorText('email')}
          {...register('email')}
        />
        <InputField
          label={t('auth.register.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('auth.register.passwordHint')}
          error={errorText('password')}
          {...register('password', { deps: ['confirmPassword'] })}
        />
        <InputField
          label={t('auth.register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={errorText('confirmPassword')}
          {...register('confirmPassword')}
        />
        <p className="form__terms-link">
          <button type="button" className="button-link" onClick={() => setTermsOpen(true)}>
            {t('auth.register.openTerms')}
          </button>
        </p>
        <CheckboxField
          label={t('auth.register.readTerms')}
          error={errorText('readTerms')}
          {...register('readTerms')}
        />
        <CheckboxField
          label={t('auth.register.agreeTerms')}
          error={errorText('agreeTerms')}
          {...register('agreeTerms')}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!formState.isValid || formState.isSubmitting}
        >
          {formState.isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </button>
        <p className="form__switch">
          {t('auth.register.haveAccount')}{' '}
          <Link to={paths.login}>{t('auth.register.loginLink')}</Link>
        </p>
      </form>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </>
  );
}
