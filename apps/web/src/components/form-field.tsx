import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

export interface InputFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Already translated error text; shown under the field and announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its hint and error wired up through aria-describedby. */
export function InputField({ label, error, hint, id, ref, required, ...rest }: InputFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} required={required}>
      <input
        id={inputId}
        ref={ref}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        aria-required={required ? true : undefined}
        {...rest}
      />
    </FieldFrame>
  );
}

/** Label, hint and error around any control; the control gets the ids through `children`. */
function FieldFrame({
  inputId,
  label,
  hint,
  error,
  required,
  children,
}: {
  inputId: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={inputId} className="field__label">
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(inputId: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean);
  return ids.join(' ') || undefined;
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text field with its hint and error. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  ref,
  required,
  ...rest
}: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={inputId}
        ref={ref}
        className="field__control field__control--textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        aria-required={required ? true : undefined}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled drop-down with its hint and error; options come as children. */
export function SelectField({
  label,
  error,
  hint,
  id,
  ref,
  required,
  children,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} required={required}>
      <select
        id={inputId}
        ref={ref}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        aria-required={required ? true : undefined}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label to the right and an optional error under it. */
export function CheckboxField({ label, error, id, ref, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="checkbox-field">
      <input
        id={inputId}
        ref={ref}
        type="checkbox"
        className="checkbox-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      <label htmlFor={inputId} className="checkbox-field__label">
        {label}
      </label>
      {error ? (
        <p id={errorId} className="field__error checkbox-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Message area for a whole form; role=alert so a new error is announced. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'error' | 'success';
  children: string | null | undefined;
}) {
  if (!children) return null;
  return (
    <p
      className={`form-message form-message--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </p>
  );
}
