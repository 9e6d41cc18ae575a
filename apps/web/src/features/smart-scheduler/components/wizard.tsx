import { type Proposal, WEEKDAYS } from '@studybuddy/contracts';
import type { ReactNode } from 'react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { aiLanguage } from '@/lib/ai-language';
import { isApiError } from '@/lib/api-error';
import { browserTimeZone } from '@/lib/date-formatters';
import { useGeneratePlan } from '../hooks/use-generate-plan';
import { useWizardForm } from '../hooks/use-wizard-form';
import { useWizardState, wizardStore } from '../hooks/wizard-store';
import { buildWizardFormData, newJobId } from '../utils/wizard-form-data';
import { firstProblem, STEP_FIELDS } from '../utils/wizard-form-schema';
import { wizardMessage } from '../utils/wizard-messages';
import {
  WIZARD_STEPS,
  type WizardStep,
  type WizardValues,
  wizardValues,
} from '../utils/wizard-state';
import { GenerationOverlay } from './generation-overlay';
import { dayEndFieldId, StepAvailability } from './step-availability';
import { StepPeriod } from './step-period';
import { StepPreferences } from './step-preferences';
import { StepSubjects, subjectFieldId } from './step-subjects';
import './smart-scheduler.css';

const LAST_STEP: WizardStep = 3;

export interface WizardProps {
  /** Called with the draft proposal once the server made it. */
  onGenerated: (proposal: Proposal) => void;
  /** Shown under step 2's times (the page's timetable import). */
  availabilityExtra?: ReactNode;
}

/**
 * The smart-scheduler setup wizard: study period, weekly availability, subjects with their
 * files, preferences, then the generation overlay. One react-hook-form over the contract's
 * schema (see wizardFormSchema); Next checks only the current step's fields. The values also
 * live in the wizard store, so they outlive this screen and a reload.
 */
export function Wizard({ onGenerated, availabilityExtra }: WizardProps) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useWizardState();
  const { form, today } = useWizardForm(() => wizardValues(wizardStore.get()));
  const { trigger } = form;
  /** The step whose problems are shown (after a failed Next), or null. */
  const [checkedStep, setCheckedStep] = useState<WizardStep | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const generation = useGeneratePlan(onGenerated);
  const step = state.step;
  const subjects = useWatch({ control: form.control, name: 'subjects' });
  const errors = form.formState.errors;
  const periodValid = !errors.period;

  // Every change is kept in the store (and its session-storage copy).
  useEffect(() => {
    const { unsubscribe } = form.watch((values) =>
      wizardStore.set((s) => ({ ...s, ...(values as WizardValues) })),
    );
    return unsubscribe;
  }, [form]);

  // The period step is checked as it is edited (Next waits for a valid period); another step
  // is re-checked on every change once its problems were shown, until they are all fixed.
  useEffect(() => {
    if (step !== 0 && checkedStep !== step) return;
    const check = async () => {
      const valid = await trigger(STEP_FIELDS[step]);
      if (valid && step !== 0) setCheckedStep(null);
    };
    void check();
    const { unsubscribe } = form.watch(() => void check());
    return unsubscribe;
  }, [form, trigger, step, checkedStep]);

  // Focus goes to the new step's heading, so keyboard and reader users start at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step change only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (!focusField) return;
    document.getElementById(focusField)?.focus();
    setFocusField(null);
  }, [focusField]);

  const goTo = (next: WizardStep) => {
    setCheckedStep(null);
    setState((s) => ({ ...s, step: next }));
  };

  /** Shows the problems of `failed`; on the subjects step the failing subject opens. */
  function reveal(failed: WizardStep, failedErrors: FieldErrors<WizardValues>) {
    setCheckedStep(failed);
    if (failed === 1) {
      const day = firstProblem(1, failedErrors, 0)?.day;
      if (day !== undefined) setFocusField(dayEndFieldId(day));
      return;
    }
    if (failed !== 2) return;
    const current = form.getValues('subjects');
    const problem = firstProblem(2, failedErrors, current.length);
    const subject = problem?.subjectIndex === undefined ? undefined : current[problem.subjectIndex];
    if (!subject) return;
    setState((s) => ({ ...s, expandedSubject: subject.id }));
    if (problem?.field) setFocusField(subjectFieldId(subject.id, problem.field));
  }

  async function next() {
    if (await trigger(STEP_FIELDS[step])) goTo((step + 1) as WizardStep);
    else reveal(step, form.formState.errors);
  }

  // Every step again: inputs kept from an earlier visit may have gone stale (a past start).
  const generate = form.handleSubmit(
    (values) => {
      const data = buildWizardFormData(values, {
        timeZone: browserTimeZone(),
        jobId: newJobId(),
        language: aiLanguage(i18n.language),
      });
      generation.start(data);
    },
    (invalid) => {
      const count = form.getValues('subjects').length;
      const failed = ([0, 1, 2, 3] as const).find((s) => firstProblem(s, invalid, count));
      if (failed === undefined) return;
      goTo(failed);
      reveal(failed, invalid);
    },
  );

  // A 400 about a field of the form (the hours of a subject, the weekly cap) closes the
  // overlay and shows the server's message on that field, its step and subject opened.
  const failure = generation.state.status === 'failed' ? generation.state.error : null;
  const closeGeneration = generation.close;
  useEffect(() => {
    if (!isApiError(failure) || failure.status !== 400) return;
    const current = form.getValues('subjects');
    let target: { step: WizardStep; subjectId?: string; focus: string } | null = null;
    for (const issue of failure.fieldIssues) {
      const subject = /^subjects\.(\d+)\.(hoursNeeded|weeklyHours)$/.exec(issue.path);
      const found = subject ? current[Number(subject[1])] : undefined;
      if (subject && found) {
        const field = subject[2] as 'hoursNeeded' | 'weeklyHours';
        form.setError(`subjects.${Number(subject[1])}.${field}`, {
          type: 'server',
          message: issue.message,
        });
        target ??= { step: 2, subjectId: found.id, focus: subjectFieldId(found.id, field) };
      } else if (issue.path === 'preferences.maxLoad') {
        form.setError('maxLoad', { type: 'server', message: issue.message });
        target ??= { step: 3, focus: 'wizard-max-load' };
      }
    }
    if (!target) return;
    const { step: failedStep, subjectId, focus } = target;
    closeGeneration();
    setCheckedStep(null);
    setState((s) => ({
      ...s,
      step: failedStep,
      expandedSubject: subjectId ?? s.expandedSubject,
    }));
    setFocusField(focus);
  }, [failure, form, closeGeneration, setState]);

  function submit(event: FormEvent) {
    if (step < LAST_STEP) {
      event.preventDefault();
      void next();
      return;
    }
    void generate(event);
  }

  function startOver() {
    wizardStore.reset();
    form.reset(wizardValues(wizardStore.get()));
    setCheckedStep(null);
  }

  const names = subjects.map((s) => s.name);
  // The period and preferences steps show their problems on their fields; the week's problem
  // and the subjects' (some in a minimized subject) are told in the step's alert.
  const alerted = checkedStep === step && (step === 1 || step === 2);
  const problem = alerted ? firstProblem(step, errors, subjects.length) : null;
  const problemText = !problem
    ? null
    : problem.subjectIndex !== undefined
      ? t('smartScheduler.wizard.subjects.problem', {
          number: problem.subjectIndex + 1,
          message: wizardMessage(problem.message, t, names),
        })
      : problem.day !== undefined
        ? t('smartScheduler.wizard.availability.dayProblem', {
            day: t(`smartScheduler.wizard.weekdays.${WEEKDAYS[problem.day]?.toLowerCase()}`),
            message: wizardMessage(problem.message, t),
          })
        : wizardMessage(problem.message, t, names);
  const overlayOpen = generation.state.status !== 'idle';
  const stepTitle = (i: number) => t(`smartScheduler.wizard.steps.${WIZARD_STEPS[i]}`);
  return (
    <div className="wizard">
      <div className="wizard__content" inert={overlayOpen}>
        <div className="page__header">
          <div>
            <h1 className="page__title">{t('smartScheduler.wizard.title')}</h1>
            <p className="page__subtitle">{t('smartScheduler.wizard.intro')}</p>
          </div>
          <button type="button" className="button button--ghost button--small" onClick={startOver}>
            {t('smartScheduler.wizard.startOver')}
          </button>
        </div>
        <nav aria-label={t('smartScheduler.wizard.stepsLabel')}>
          <ol className="wizard-steps">
            {WIZARD_STEPS.map((id, i) => (
              <li
                key={id}
                className={`wizard-steps__item${i === step ? ' wizard-steps__item--current' : ''}${i < step ? ' wizard-steps__item--done' : ''}`}
                aria-current={i === step ? 'step' : undefined}
              >
                <span className="wizard-steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="wizard-steps__label">
                  <span className="visually-hidden">
                    {t('smartScheduler.wizard.stepOf', {
                      number: i + 1,
                      total: WIZARD_STEPS.length,
                    })}{' '}
                  </span>
                  {stepTitle(i)}
                </span>
              </li>
            ))}
          </ol>
        </nav>
        <FormProvider {...form}>
          <form
            className="card wizard-step"
            noValidate
            onSubmit={submit}
            aria-labelledby="wizard-step-title"
          >
            <h2
              id="wizard-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="form__section-title"
            >
              {t('smartScheduler.wizard.stepHeading', { number: step + 1, title: stepTitle(step) })}
            </h2>
            {step === 0 ? <StepPeriod today={today} /> : null}
            {step === 1 ? <StepAvailability extra={availabilityExtra} /> : null}
            {step === 2 ? (
              <StepSubjects
                expandedSubject={state.expandedSubject}
                onExpand={(id) => setState((s) => ({ ...s, expandedSubject: id }))}
              />
            ) : null}
            {step === 3 ? <StepPreferences /> : null}
            <div role="alert" className="wizard-step__alert">
              {problemText ? (
                <p className="form-message form-message--error">{problemText}</p>
              ) : null}
            </div>
            <div className="wizard-step__nav">
              {step > 0 ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => goTo((step - 1) as WizardStep)}
                >
                  {t('smartScheduler.wizard.back')}
                </button>
              ) : (
                <span />
              )}
              {step < LAST_STEP ? (
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={step === 0 && !periodValid}
                  aria-describedby={step === 0 && !periodValid ? 'wizard-next-hint' : undefined}
                >
                  {t('smartScheduler.wizard.next')}
                </button>
              ) : (
                <button type="submit" className="button button--primary">
                  {t('smartScheduler.wizard.generate')}
                </button>
              )}
            </div>
            {step === 0 && !periodValid ? (
              <p id="wizard-next-hint" className="form__note">
                {t('smartScheduler.wizard.periodHint')}
              </p>
            ) : null}
          </form>
        </FormProvider>
      </div>
      {overlayOpen ? (
        <GenerationOverlay
          state={generation.state}
          onResend={generation.resend}
          onClose={generation.close}
        />
      ) : null}
    </div>
  );
}
