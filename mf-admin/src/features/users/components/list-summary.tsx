import type { AllUsersPage } from '@rotalink/shared-api';
import { countOf, formatCount } from '../../../lib/format';

interface ListSummaryProps {
  /** The page on screen, and the search it answers. */
  data: AllUsersPage | null;
  shownQ: string | null;
  /** The page on screen answers the current search and page. */
  current: boolean;
  loading: boolean;
  /** Typed words not sent yet. */
  pending: boolean;
  failed: boolean;
  q: string;
  page: number;
  pageSize: number;
}

/**
 * "100,000 members · showing 51–100", from the server's total (issue 12); a live region. It states
 * a count only when it describes the rows on screen for the current search: while another search
 * or page loads the previous rows stay (dimmed), and the line says it is on its way instead.
 */
export function ListSummary({ data, shownQ, current, loading, pending, failed, q, page, pageSize }: ListSummaryProps) {
  return (
    <p className="adm-muted adm-users__summary" role="status" aria-live="polite">
      {summaryText({ data, shownQ, current, loading, pending, failed, q, page, pageSize })}
    </p>
  );
}

function summaryText({ data, shownQ, current, loading, pending, failed, q, page, pageSize }: ListSummaryProps): string {
  if (!data && (loading || pending)) return 'Loading users…';
  if (pending || (loading && !current)) return pending || shownQ !== q ? 'Searching…' : 'Loading…';
  // The failure says so itself (role="alert"); a count or "No users" here would contradict it.
  if (failed) return '';
  // Nothing answered and nothing failed: an ended session, which the shell sends to /login.
  if (!data) return 'No users to show.';
  if (!current) return '';
  if (data.total === 0) return q ? `No users match “${q}”.` : 'No users to show.';
  const members = countOf(data.total, 'member', 'members');
  const matching = q ? ` ${data.total === 1 ? 'matches' : 'match'} “${q}”` : '';
  const from = (page - 1) * pageSize + 1;
  const shown =
    data.users.length > 0 && data.total > data.users.length
      ? ` · showing ${formatCount(from)}–${formatCount(from + data.users.length - 1)}`
      : '';
  return `${members}${matching}${shown}`;
}
