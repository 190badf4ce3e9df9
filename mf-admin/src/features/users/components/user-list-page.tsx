import { useDeferredValue, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AdminUser } from '@rotalink/shared-api';
import { AdminOnlyNotice } from '../../../components/admin-only-notice';
import { displayName, formatCount } from '../../../lib/format';
import { usePagination } from '../hooks/use-pagination';
import { useUserFilter } from '../hooks/use-user-filter';
import { useUsers } from '../hooks/use-users';
import { Pager } from './pager';
import { UserTable } from './user-table';
import { usePageTitle } from '../../../components/use-page-title';
import '../../../components/admin-ui.css';
import './user-list.css';

/** /admin_dashboard — every member, searchable by email, paged, with view and delete (spec §2). */
export function UserListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { users, loading, forbidden, deletingId, reload, remove } = useUsers();
  // The search and page also live in the URL (replace, no history spam) so Back from a user's
  // details returns to the same place; the input itself is local state so typing never lags.
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [requestedPage, setRequestedPage] = useState(() => Number(params.get('page')) || 1);
  const deferredQuery = useDeferredValue(query);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle('Users');
  const filtered = useUserFilter(users, deferredQuery);
  const { page, pageCount, pageItems, from, to, total } = usePagination(filtered, requestedPage);

  function remember(nextQuery: string, nextPage: number) {
    const next = new URLSearchParams();
    if (nextQuery) next.set('q', nextQuery);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next, { replace: true });
  }
  function onSearch(value: string) {
    setQuery(value);
    setRequestedPage(1);
    remember(value, 1);
  }
  function onPage(next: number) {
    setRequestedPage(next);
    remember(query, next);
    // The pager sits below 50 rows: bring the admin back to the top of the new page.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ block: 'center' });
  }
  function onView(user: AdminUser) {
    // The id is in the URL too, so a reload of the details page can load the user again.
    navigate(`/user-details?userId=${encodeURIComponent(user.user_id)}`, { state: { user } });
  }
  function onDelete(user: AdminUser) {
    const who = user.email ? `${displayName(user)} (${user.email})` : displayName(user);
    // The focused Delete button disappears with its row; keyboard users continue from the heading.
    void remove(user, `Delete ${who}? Their sub-profiles and links are deleted too. This cannot be undone.`).then((deleted) => {
      if (deleted) headingRef.current?.focus();
    });
  }

  if (forbidden) {
    return (
      <section className="adm-page">
        <h1>Users</h1>
        <AdminOnlyNotice />
      </section>
    );
  }

  let summary: string;
  if (loading && users.length === 0) summary = 'Loading users…';
  else if (total === 0) summary = deferredQuery.trim() ? `No users match “${deferredQuery.trim()}”.` : 'No users to show.';
  else summary = `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`;

  return (
    <section className="adm-page adm-users">
      <h1 ref={headingRef} tabIndex={-1} className="adm-users__title">
        Users
      </h1>
      <div className="adm-users__toolbar">
        <div className="adm-field adm-users__search">
          <label htmlFor="adm-user-search">Search by email</label>
          <input
            id="adm-user-search"
            className="adm-input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="part of an email"
            value={query}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <button type="button" className="adm-btn" onClick={() => void reload()} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <p className="adm-muted adm-users__summary" role="status" aria-live="polite">
        {summary}
      </p>
      {pageItems.length > 0 && <UserTable users={pageItems} deletingId={deletingId} onView={onView} onDelete={onDelete} />}
      <Pager page={page} pageCount={pageCount} onPage={onPage} />
    </section>
  );
}
