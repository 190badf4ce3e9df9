import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { AdminUser } from '@rotalink/shared-api';
import { AdminOnlyNotice } from '../../../components/admin-only-notice';
import { displayName } from '../../../lib/format';
import { userDetailsPath } from '../../../lib/paths';
import { SEARCH_MAX_LENGTH, useListPlace } from '../hooks/use-list-place';
import { PAGE_SIZE, useUsersPage } from '../hooks/use-users-page';
import { ListFailureNotice } from './list-failure-notice';
import { ListSummary } from './list-summary';
import { Pager } from '../../../components/pager';
import { UserTable } from './user-table';
import { usePageTitle } from '../../../components/use-page-title';
import '../../../components/admin-ui.css';
import './user-list.css';

/** /admin_dashboard — the members, searched by email and paged by the server (spec §2, issue 12). */
export function UserListPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const place = useListPlace();
  const { data, shownQ, current, loading, failure, forbidden, deletingId, reload, remove } = useUsersPage(place.page, place.q);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle('Users');
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  // A page past the end (the last member of the last page deleted, an old link): the last page.
  const { setPage } = place;
  useEffect(() => {
    if (data && data.total > 0 && data.users.length === 0 && place.page > pageCount) setPage(pageCount);
  }, [data, place.page, pageCount, setPage]);

  function onPage(next: number) {
    place.setPage(next);
    // The pager sits below 50 rows: bring the admin back to the top of the new page.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView?.({ block: 'center' });
  }
  function onView(user: AdminUser) {
    // The id is in the URL (a reload of the details page reads the user again); `from` is this
    // page with its search and page, for the details page's way back.
    navigate(userDetailsPath(user.user_id), {
      state: { user, from: `${location.pathname}${location.search}` },
    });
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

  const busy = loading || place.pending;
  // The previous rows stay, dimmed, while the next search or page loads; once a load has failed
  // they answer nothing the admin asked for, so they go until the current place is answered.
  const showList = data !== null && (current || (busy && failure === null));
  return (
    <section className="adm-page adm-users">
      <h1 ref={headingRef} tabIndex={-1} className="adm-users__title">
        Users
      </h1>
      <div className="adm-users__toolbar">
        <div className="adm-field adm-users__search">
          <label htmlFor="adm-user-search">Search by email or name</label>
          <input
            id="adm-user-search"
            className="adm-input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="part of an email or a name"
            maxLength={SEARCH_MAX_LENGTH}
            value={place.input}
            onChange={(e) => place.setInput(e.target.value)}
          />
        </div>
        <button type="button" className="adm-btn" onClick={() => void reload()} disabled={loading}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
        {/* Issue 33: the audit log. */}
        <Link to="/admin_activity" className="adm-btn">
          Activity
        </Link>
        <Link to="/admin_security" className="adm-btn">
          Security
        </Link>
      </div>
      <ListSummary
        data={data}
        shownQ={shownQ}
        current={current}
        loading={loading}
        pending={place.pending}
        failed={failure !== null}
        q={place.q}
        page={place.page}
        pageSize={PAGE_SIZE}
      />
      {failure && <ListFailureNotice failure={failure} onRetry={() => void reload()} />}
      {showList && data.users.length > 0 && (
        <div aria-busy={busy} className={busy ? 'adm-users__stale' : undefined}>
          <UserTable users={data.users} deletingId={deletingId} onView={onView} onDelete={onDelete} />
        </div>
      )}
      {showList && <Pager page={Math.min(place.page, pageCount)} pageCount={pageCount} onPage={onPage} />}
    </section>
  );
}
