import { useState, type InputHTMLAttributes } from 'react';
import { Field } from './form-field';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  hint?: string;
  error?: string;
};

/** Password input with the show/hide toggle of spec §2 (a real button with an accessible name). */
export function PasswordField({ label, hint, error, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="pub-password">
          <input {...input} {...control} type={visible ? 'text' : 'password'} className="pub-input" />
          <button
            type="button"
            className="pub-btn pub-btn--ghost"
            aria-controls={control.id}
            aria-pressed={visible}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}
