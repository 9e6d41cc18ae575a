import type { Proposal } from '@studybuddy/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useGeneratePlan } from '../hooks/use-generate-plan';
import { useWizardState, wizardStore } from '../hooks/wizard-store';
import { validateAvailability } from '../utils/availability';
import { localToday } from '../utils/dates';
import { resolvePeriod, validatePeriod } from '../utils/period';
import { type SubjectError, validateSubjects } from '../utils/subjects';
import { browserTimeZone, buildWizardFormData, newJobId } from '../utils/wizard-form-data';
import { WIZARD_STEPS, type WizardStep } from '../utils/wizard-state';
import { GenerationOverlay } from './generation-overlay';
import { StepAvailability } from './step-availability';
import { StepPeriod } from './step-period';
import { StepPreferences } from './step-preferences';
import { StepSubjects, subjectFieldId } from './step-subjects';
import './smart-scheduler.css';

export interface WizardProps {
  /** Called with the draft proposal once the server made it. */
  onGenerated: (proposal: Proposal) => void;
}

/**
 * The smart-scheduler setup wizard (SPEC.md sections 2, 4, 5, 9). Its texts are fixed English
 * (SPEC.md section 1: the wizard's language is fixed), written here rather than put through
 * i18n, and the wizard is marked lang="en" so screen readers read it as English.
 */
export function Wizard({ onGenerated }: WizardProps) {
  const [state, setState] = useWizardState();
  const [today] = useState(localToday);
  const [stepError, setStepError] = useState<string | null>(null);
  const [subjectError, setSubjectError] = useState<SubjectError | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const generation = useGeneratePlan(onGenerated);
  const step = state.step;
  const period = resolvePeriod(state.period);
  const periodValid = Object.keys(validatePeriod(state.period, today)).length === 0;

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
    setStepError(null);
    setSubjectError(null);
    setState((s) => ({ ...s, step: next }));
  };

  /** Next: checks the step; on the subjects step the first failing subject is expanded. */
  function next() {
    if (step === 0) {
      if (periodValid) goTo(1);
      return;
    }
    if (step === 1) {
      const problem = validateAvailability(state.availability);
      if (problem) setStepError(problem);
      else goTo(2);
      return;
    }
    if (step === 2) {
      const problem = validateSubjects(state.subjects, period);
      if (!problem) {
        goTo(3);
        return;
      }
      setSubjectError(problem);
      setStepError(problem.message);
      const failing = state.subjects[problem.index];
      if (failing) {
        setState((s) => ({ ...s, expandedSubject: failing.id }));
        if (problem.field) setFocusField(subjectFieldId(failing.id, problem.field));
      }
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (step < 3) {
      next();
      return;
    }
    // Every step again: inputs kept from an earlier visit may have gone stale (a past start).
    if (!periodValid) return goTo(0);
    if (validateAvailability(state.availability)) return goTo(1);
    if (validateSubjects(state.subjects, period)) return goTo(2);
    const form = buildWizardFormData(state, { timeZone: browserTimeZone(), jobId: newJobId() });
    generation.start(form);
  }

  const overlayOpen = generation.state.status !== 'idle';
  const title = WIZARD_STEPS[step];
  return (
    <div className="wizard" lang="en">
      <div className="wizard__content" inert={overlayOpen}>
        <div className="page__header">
          <div>
            <h1 className="page__title">Smart study plan setup</h1>
            <p className="page__subtitle">
              Tell us when and what you study; we build the plan from your own material.
            </p>
          </div>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              wizardStore.reset();
              setStepError(null);
              setSubjectError(null);
            }}
          >
            Start over
          </button>
        </div>
        <nav aria-label="Wizard steps">
          <ol className="wizard-steps">
            {WIZARD_STEPS.map((label, i) => (
              <li
                key={label}
                className={`wizard-steps__item${i === step ? ' wizard-steps__item--current' : ''}${i < step ? ' wizard-steps__item--done' : ''}`}
                aria-current={i === step ? 'step' : undefined}
              >
                <span className="wizard-steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="wizard-steps__label">
                  <span className="visually-hidden">{`Step ${i + 1} of ${WIZARD_STEPS.length}: `}</span>
                  {label}
                </span>
              </li>
            ))}
          </ol>
        </nav>
        <form
          className="card wizard-step"
          noValidate
          onSubmit={submit}
          aria-labelledby="wizard-step-title"
        >
          <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="form__section-title">
            {`Step ${step + 1}: ${title}`}
          </h2>
          {step === 0 ? (
            <StepPeriod
              value={state.period}
              today={today}
              onChange={(value) => setState((s) => ({ ...s, period: value }))}
            />
          ) : null}
          {step === 1 ? (
            <StepAvailability
              value={state.availability}
              onChange={(value) => {
                setStepError(null);
                setState((s) => ({ ...s, availability: value }));
              }}
              sessionLength={state.sessionLength}
              onSessionLengthChange={(value) => setState((s) => ({ ...s, sessionLength: value }))}
            />
          ) : null}
          {step === 2 ? (
            <StepSubjects
              subjects={state.subjects}
              expandedSubject={state.expandedSubject}
              period={period}
              error={subjectError}
              onChange={(value) => {
                setState((s) => ({ ...s, ...value }));
                // Once a problem was shown, it follows the student's fixes.
                if (subjectError) {
                  const problem = validateSubjects(value.subjects, period);
                  setSubjectError(problem);
                  setStepError(problem?.message ?? null);
                }
              }}
            />
          ) : null}
          {step === 3 ? (
            <StepPreferences
              sessionLength={state.sessionLength}
              frontLoad={state.frontLoad}
              extraWishes={state.extraWishes}
              onChange={(value) => setState((s) => ({ ...s, ...value }))}
            />
          ) : null}
          <div role="alert" className="wizard-step__alert">
            {stepError ? <p className="form-message form-message--error">{stepError}</p> : null}
          </div>
          <div className="wizard-step__nav">
            {step > 0 ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => goTo((step - 1) as WizardStep)}
              >
                Back
              </button>
            ) : (
              <span />
            )}
            {step < 3 ? (
              <button
                type="submit"
                className="button button--primary"
                disabled={step === 0 && !periodValid}
                aria-describedby={step === 0 && !periodValid ? 'wizard-next-hint' : undefined}
              >
                Next
              </button>
            ) : (
              <button type="submit" className="button button--primary">
                Generate my plan
              </button>
            )}
          </div>
          {step === 0 && !periodValid ? (
            <p id="wizard-next-hint" className="form__note">
              Complete the study period to continue.
            </p>
          ) : null}
        </form>
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
