import type { AllUsersPage } from '@rotalink/shared-api';
import { formatCount } from '../../../lib/format';

interface ListSummaryProps {
  data: AllUsersPage | null;
  loading: boolean;
  q: string;
  page: number;
  pageSize: number;
}

/** "100,000 members · showing 51–100", from the server's total (issue 12); a live region. */
export function ListSummary({ data, loading, q, page, pageSize }: ListSummaryProps) {
  let text: string;
  if (!data) text = loading ? 'Loading users…' : 'No users to show.';
  else if (data.total === 0) text = q ? `No users match “${q}”.` : 'No users to show.';
  else {
    const members = `${formatCount(data.total)} ${data.total === 1 ? 'member' : 'members'}`;
    const matching = q ? ` ${data.total === 1 ? 'matches' : 'match'} “${q}”` : '';
    const from = (page - 1) * pageSize + 1;
    const shown =
      data.users.length > 0 && data.total > data.users.length
        ? ` · showing ${formatCount(from)}–${formatCount(from + data.users.length - 1)}`
        : '';
    text = `${members}${matching}${shown}`;
  }
  return (
    <p className="adm-muted adm-users__summary" role="status" aria-live="polite">
      {text}
    </p>
  );
}
