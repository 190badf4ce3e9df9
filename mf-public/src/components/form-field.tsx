import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  hint?: string;
  /** Shown under the field and announced; marks the control invalid. */
  error?: string;
  children: (control: FieldControl) => ReactNode;
}

/** The label, hint and error around one control, tied together by id and aria-describedby. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pub-field">
      <label className="pub-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="pub-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="pub-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; hint?: string; error?: string };

/** A labelled input with its hint and error tied to it by aria-describedby. */
export function FormField({ label, hint, error, className, ...input }: Props) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} className={['pub-input', className].filter(Boolean).join(' ')} />}
    </Field>
  );
}
