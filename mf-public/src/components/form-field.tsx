import { useId, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: string;
  /** Shown under the field and announced; marks the input invalid. */
  error?: string;
};

/** A labelled input with its hint and error tied to it by aria-describedby. */
export function FormField({ label, hint, error, className, ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pub-field">
      <label className="pub-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={['pub-input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
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
