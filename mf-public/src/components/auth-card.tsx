import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';
import './public.css';

/**
 * The narrow card the sign-in pages share: one <h1>, an optional lead, the form, links below.
 * `pageTitle` names the tab when the heading is too long for it (default: the heading).
 */
export function AuthCard({
  title,
  pageTitle = title,
  lead,
  children,
  footer,
}: {
  title: string;
  pageTitle?: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  usePageTitle(pageTitle);
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
