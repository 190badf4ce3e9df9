import { Link } from 'react-router-dom';
import { PRIVACY } from './privacy';
import { REFUND } from './refund';
import { TERMS } from './terms';
import type { LegalDocument } from './legal-document';
import { usePageTitle } from '../../../components/use-page-title';
import '../../../components/public.css';
import './legal.css';

export type LegalPageName = 'terms' | 'privacy' | 'refund';

const DOCUMENTS: Record<LegalPageName, LegalDocument> = { terms: TERMS, privacy: PRIVACY, refund: REFUND };
export const SUPPORT_EMAIL = 'support@rotalink.example';

/** /terms, /privacy, /refundpolicy — static pages with the contact details (spec §2). */
export function LegalPage({ page }: { page: LegalPageName }) {
  const doc = DOCUMENTS[page] ?? TERMS;
  usePageTitle(doc.title);
  return (
    <article className="pub-page pub-legal pub-card">
      <h1>{doc.title}</h1>
      <p className="pub-muted">Last updated: {doc.updated}</p>
      <p>{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} aria-labelledby={headingId(section.heading)}>
          <h2 id={headingId(section.heading)}>{section.heading}</h2>
          {section.paragraphs?.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <section aria-labelledby="pub-legal-contact">
        <h2 id="pub-legal-contact">Contact us</h2>
        <p>
          Questions about this page? Write to{' '}
          <a className="pub-link" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          . We answer within two business days.
        </p>
      </section>
      <nav className="pub-legal__nav" aria-label="Legal pages">
        <Link to="/terms">Terms of Service</Link>
        <Link to="/privacy">Privacy Policy</Link>
        <Link to="/refundpolicy">Refund Policy</Link>
      </nav>
    </article>
  );
}

function headingId(heading: string): string {
  return `pub-legal-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
