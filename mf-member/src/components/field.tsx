import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  /** Shown after the label in muted text, e.g. "(optional)". */
  note?: string;
  hint?: string;
  error?: string;
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Extras({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="mem-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="mem-field__error" role="alert">
          {/* A spec text keeps its own line; what is added to it comes on the next (issue 29). */}
          {error.split('\n').map((line, i) => (
            <span key={i} className="mem-field__error-line">
              {line}
            </span>
          ))}
        </span>
      )}
    </>
  );
}

/** The label (with its muted note), hint and message around one control, tied by id. */
function FieldFrame({ label, note, hint, error, children }: FieldProps & { children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="mem-field">
      <label htmlFor={id} className="mem-field__label">
        {label}
        {note && <span className="mem-field__note"> {note}</span>}
      </label>
      {children(id)}
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled input with its hint and validation message tied to it for screen readers. */
export function TextField({ label, note, hint, error, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} note={note} hint={hint} error={error}>
      {(id) => (
        <input
          id={id}
          className="mem-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({ label, note, hint, error, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} note={note} hint={hint} error={error}>
      {(id) => (
        <textarea
          id={id}
          className="mem-input mem-input--area"
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...area}
        />
      )}
    </FieldFrame>
  );
}
