import { zodResolver } from '@hookform/resolvers/zod';
import { createTopicInputSchema, type Topic } from '@studybuddy/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage, InputField, TextAreaField } from '@/components/form-field';
import { aiLanguage } from '@/lib/ai-language';
import { errorMessage } from '@/lib/error-message';
import { putFieldIssues, shownError } from '@/lib/form-errors';
import { useCreateTopic } from '../api/create-topic';

const formSchema = z.object({
  name: createTopicInputSchema.shape.name,
  deepDiveContent: z.string().max(20_000, 'validation.notesTooLong'),
});
type AddTopicValues = z.input<typeof formSchema>;

export interface AddTopicFormProps {
  subjectId: number;
  onAdded: (topic: Topic) => void;
}

/** Adds a topic with optional notes; the server writes its first lesson from them. */
export function AddTopicForm({ subjectId, onAdded }: AddTopicFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateTopic();
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    AddTopicValues,
    unknown,
    z.output<typeof formSchema>
  >({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { name: '', deepDiveContent: '' },
  });

  const onSubmit = handleSubmit(async ({ name, deepDiveContent }) => {
    setFormError(null);
    setAdded(null);
    try {
      const topic = await create.mutateAsync({
        subjectId,
        name,
        deepDiveContent: deepDiveContent.trim() || null,
        language: aiLanguage(i18n.language),
      });
      reset({ name: '', deepDiveContent: '' });
      setAdded(t('topics.add.added', { name: topic.name }));
      onAdded(topic);
    } catch (error) {
      if (!putFieldIssues(error, ['name', 'deepDiveContent'], setError, t, i18n.language))
        setFormError(errorMessage(error, t, i18n.language));
    }
  });

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="add-topic-title">
      <h2 id="add-topic-title" className="section-title">
        {t('topics.add.title')}
      </h2>
      <FormMessage tone="error">{formError}</FormMessage>
      <FormMessage tone="success">{added}</FormMessage>
      <InputField
        label={t('topics.add.name')}
        required
        autoComplete="off"
        error={shownError(formState, 'name', t)}
        {...register('name')}
      />
      <TextAreaField
        label={t('topics.add.notes')}
        hint={t('topics.add.notesHint')}
        rows={4}
        error={shownError(formState, 'deepDiveContent', t)}
        {...register('deepDiveContent')}
      />
      <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('topics.add.generating') : t('topics.add.submit')}
      </button>
    </form>
  );
}
