import type { ReactNode } from 'react';

/** A message box for a form's outcome. Errors are role="alert" so screen readers announce them. */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={`pub-alert pub-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
