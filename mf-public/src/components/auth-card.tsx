import type { ReactNode } from 'react';
import './public.css';

/** The narrow card the sign-in pages share: one <h1>, an optional lead, the form, links below. */
export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="pub-page pub-auth">
      <div className="pub-card">
        <h1>{title}</h1>
        {lead && <p className="pub-auth__lead pub-muted">{lead}</p>}
        {children}
        {footer && <div className="pub-auth__footer">{footer}</div>}
      </div>
    </section>
  );
}
