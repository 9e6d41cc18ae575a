import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_REMINDER_LEAD_MINUTES,
  type Profile,
  REMINDER_LEAD_MINUTES,
  type UpdateProfileInput,
  updateProfileInputSchema,
  WEEK_STARTS,
} from '@studybuddy/contracts';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckboxField, FormMessage, InputField, SelectField } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

type ProfileFormValues = z.output<typeof updateProfileInputSchema>;

const formFields = [
  'firstName',
  'lastName',
  'email',
  'password',
  'newPassword',
  'confirmNewPassword',
  'notifyOnLesson',
  'reminderLeadMinutes',
  'weekStartsOn',
] as const;
const passwordFields = ['password', 'newPassword', 'confirmNewPassword'] as const;

function toFormValues(profile: Profile | undefined): UpdateProfileInput {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    email: profile?.email ?? '',
    password: '',
    newPassword: '',
    confirmNewPassword: '',
    notifyOnLesson: profile?.notifyOnLesson ?? false,
    reminderLeadMinutes: profile?.reminderLeadMinutes ?? DEFAULT_REMINDER_LEAD_MINUTES,
    weekStartsOn: profile?.weekStartsOn ?? 'sunday',
  };
}

export interface ProfileFormProps {
  profile: Profile | undefined;
}

/**
 * Personal details, an optional password change, the reminder preference with its lead time and
 * the calendar's first weekday (docs/product.md, Screens). Save does nothing while the form is
 * invalid; server field errors land on their fields.
 */
export function ProfileForm({ profile }: ProfileFormProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const passwordSectionId = useId();
  const [showPasswords, setShowPasswords] = useState(false);
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setValue, setError, clearErrors, reset, formState } = useForm<
    UpdateProfileInput,
    unknown,
    ProfileFormValues
  >({
    resolver: zodResolver(updateProfileInputSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(profile),
  });

  const errorText = (name: FieldPath<UpdateProfileInput>) => shownError(formState, name, t);

  function togglePasswords() {
    if (showPasswords) {
      // Hidden fields must not be sent half-filled (docs/product.md, Behaviour).
      for (const field of passwordFields) setValue(field, '', { shouldDirty: true });
      clearErrors([...passwordFields]);
    }
    setShowPasswords(!showPasswords);
  }

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    setFormError(null);
    try {
      const next = await update.mutateAsync(values);
      reset(toFormValues(next));
      setShowPasswords(false);
      setSaved(true);
    } catch (error) {
      const reveal = (field: string) => {
        if ((passwordFields as readonly string[]).includes(field)) setShowPasswords(true);
      };
      if (!putFieldIssues(error, formFields, setError, t, i18n.language, reveal))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="form__section-title">
        {t('profile.details')}
      </h2>
      {profile?.username ? (
        <p className="form__note">{t('profile.username', { username: profile.username })}</p>
      ) : null}
      <FormMessage tone="error">{formError}</FormMessage>
      <FormMessage tone="success">{saved ? t('profile.saved') : null}</FormMessage>
      <div className="form__row">
        <InputField
          label={t('profile.firstName')}
          autoComplete="given-name"
          required
          error={errorText('firstName')}
          {...register('firstName')}
        />
        <InputField
          label={t('profile.lastName')}
          autoComplete="family-name"
          required
          error={errorText('lastName')}
          {...register('lastName')}
        />
      </div>
      <InputField
        label={t('profile.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        hint={t('profile.emailHint')}
        error={errorText('email')}
        {...register('email')}
      />
      <div className="form__toggle">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={showPasswords}
          aria-controls={passwordSectionId}
          onClick={togglePasswords}
        >
          {showPasswords ? t('profile.hidePassword') : t('profile.changePassword')}
        </button>
      </div>
      <fieldset id={passwordSectionId} className="form__fieldset" hidden={!showPasswords}>
        <legend className="form__legend">{t('profile.passwordSection')}</legend>
        {showPasswords ? (
          <>
            <InputField
              label={t('profile.currentPassword')}
              type="password"
              autoComplete="current-password"
              error={errorText('password')}
              {...register('password')}
            />
            <InputField
              label={t('profile.newPassword')}
              type="password"
              autoComplete="new-password"
              hint={t('profile.newPasswordHint')}
              error={errorText('newPassword')}
              {...register('newPassword', { deps: ['confirmNewPassword'] })}
            />
            <InputField
              label={t('profile.confirmNewPassword')}
              type="password"
              autoComplete="new-password"
              error={errorText('confirmNewPassword')}
              {...register('confirmNewPassword')}
            />
          </>
        ) : null}
      </fieldset>
      <CheckboxField
        label={t('profile.notifyOnLesson')}
        error={errorText('notifyOnLesson')}
        {...register('notifyOnLesson')}
      />
      <SelectField
        label={t('profile.reminderLead.label')}
        hint={t('profile.reminderLead.hint')}
        error={errorText('reminderLeadMinutes')}
        {...register('reminderLeadMinutes', { setValueAs: Number })}
      >
        {REMINDER_LEAD_MINUTES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {t('profile.reminderLead.option', { minutes })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('profile.weekStartsOn.label')}
        error={errorText('weekStartsOn')}
        {...register('weekStartsOn')}
      >
        {WEEK_STARTS.map((day) => (
          <option key={day} value={day}>
            {t(`profile.weekStartsOn.${day}`)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('profile.saving') : t('profile.save')}
      </button>
    </form>
  );
}
