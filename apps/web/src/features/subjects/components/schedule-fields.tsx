import { createSubjectInputSchema, type SubjectPriority } from '@studybuddy/contracts';
import type { TFunction } from 'i18next';
import type { FieldValues, FormState, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CheckboxField, InputField, SelectField } from '@/components/form-field';
import { shownError } from '@/lib/form-errors';

/**
 * The exam day and priority as the forms hold them: an empty date input is '' and the
 * "No exam" box says null; the contract's schemas check the rest.
 */
export const scheduleFieldsShape = {
  examDate: z.literal('').or(createSubjectInputSchema.shape.examDate),
  noExam: z.boolean(),
  priority: createSubjectInputSchema.shape.priority.unwrap(),
};

export interface ScheduleValues {
  examDate?: string | null | undefined;
  noExam: boolean;
  priority: SubjectPriority;
}

/** The exam day to send: null for "No exam", undefined for an empty date input. */
export function examDateToSend(values: ScheduleValues): string | null | undefined {
  if (values.noExam) return null;
  return values.examDate ? values.examDate : undefined;
}

/** The three priorities, low to high, with their text keys. */
const priorityKeys: Record<SubjectPriority, string> = {
  0: 'subjects.priority.low',
  1: 'subjects.priority.medium',
  2: 'subjects.priority.high',
};

/** The priority's translated name. */
export function priorityText(priority: SubjectPriority, t: TFunction): string {
  return t(priorityKeys[priority]);
}

export interface ScheduleFieldsProps<T extends FieldValues & ScheduleValues> {
  register: UseFormRegister<T>;
  formState: Pick<FormState<T>, 'errors' | 'touchedFields' | 'isSubmitted'>;
  /** Whether "No exam" is ticked; the date input is then disabled. */
  noExam: boolean;
  /** Hint under the date input: what an empty date means in this form. */
  dateHint: string;
}

/** Exam day (date input plus a "No exam" box) and a Low/Medium/High priority drop-down. */
export function ScheduleFields<T extends FieldValues & ScheduleValues>({
  register,
  formState,
  noExam,
  dateHint,
}: ScheduleFieldsProps<T>) {
  const { t } = useTranslation();
  // The generic form type hides that these three names exist; ScheduleValues guarantees them.
  const reg = register as unknown as UseFormRegister<ScheduleValues>;
  const state = formState as unknown as Pick<
    FormState<ScheduleValues>,
    'errors' | 'touchedFields' | 'isSubmitted'
  >;
  return (
    <>
      <InputField
        label={t('subjects.fields.examDate')}
        type="date"
        hint={dateHint}
        disabled={noExam}
        error={shownError(state, 'examDate', t)}
        {...reg('examDate')}
      />
      <CheckboxField label={t('subjects.fields.noExam')} {...reg('noExam')} />
      <SelectField
        label={t('subjects.fields.priority')}
        error={shownError(state, 'priority', t)}
        {...reg('priority', { valueAsNumber: true })}
      >
        {([0, 1, 2] as const).map((p) => (
          <option key={p} value={p}>
            {priorityText(p, t)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
