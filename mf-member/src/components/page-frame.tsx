import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A page that only has its title and one state to show (loading, an error, "no profile chosen"). */
export function TitledPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mem-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** The way back from a profile's page (links, stats) to /user. */
export function BackToDashboard() {
  return (
    <Link className="mem-btn mem-btn--secondary" to="/user">
      Back to dashboard
    </Link>
  );
}
