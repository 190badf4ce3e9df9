import { useId, useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  hint?: string;
  error?: string;
};

/** Password input with the show/hide toggle of spec §2 (a real button with an accessible name). */
export function PasswordField({ label, hint, error, ...input }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pub-field">
      <label className="pub-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="pub-password">
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
          className="pub-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="pub-btn pub-btn--ghost"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
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
