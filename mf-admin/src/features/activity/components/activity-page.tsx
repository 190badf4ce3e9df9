import { useState, type FormEvent } from 'react';
import { AdminOnlyNotice } from '../../../components/admin-only-notice';
import { usePageTitle } from '../../../components/use-page-title';
import { useAdminAccess } from '../../../hooks/use-admin-access';
import { Pager } from '../../../components/pager';
import { ACTIVITY_FAILED, ACTIVITY_PAGE_SIZE, NO_FILTERS, useActivity, type ActivityFilters } from '../hooks/use-activity';
import { ACTION_LABELS, ActivityTable } from './activity-table';
import '../../../components/admin-ui.css';
import './activity.css';

/**
 * /admin_activity (issue 33): the audit log — who did what, to whom, when — newest first,
 * filtered by actor, target, action and days, and paged by the server.
 */
export function ActivityPage() {
  usePageTitle('Activity');
  const { forbidden, handleAccessError } = useAdminAccess();
  const [draft, setDraft] = useState<ActivityFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { data, loading, failed, reload } = useActivity(filters, page, handleAccessError);
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / ACTIVITY_PAGE_SIZE));

  if (forbidden) {
    return (
      <section className="adm-page">
        <h1>Activity</h1>
        <AdminOnlyNotice />
      </section>
    );
  }

  const field = (name: keyof ActivityFilters) => ({
    id: `adm-activity-${name}`,
    className: 'adm-input',
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value })),
  });
  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...draft });
    setPage(1);
  }

  return (
    <section className="adm-page">
      <h1>Activity</h1>
      <form className="adm-activity__filters" onSubmit={apply} aria-label="Filter the activity">
        <div className="adm-field">
          <label htmlFor="adm-activity-actor">By (email, admin name or id)</label>
          <input {...field('actor')} autoComplete="off" spellCheck={false} />
        </div>
        <div className="adm-field">
          <label htmlFor="adm-activity-target">On (email or id)</label>
          <input {...field('target')} autoComplete="off" spellCheck={false} />
        </div>
        <div className="adm-field">
          <label htmlFor="adm-activity-action">Action</label>
          <select {...field('action')}>
            <option value="">Any action</option>
            {Object.entries(ACTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="adm-field">
          <label htmlFor="adm-activity-from">From</label>
          <input {...field('from')} type="date" />
        </div>
        <div className="adm-field">
          <label htmlFor="adm-activity-to">To</label>
          <input {...field('to')} type="date" />
        </div>
        <button type="submit" className="adm-btn">
          Show
        </button>
      </form>
      {failed && (
        <div role="alert" className="adm-notice">
          {ACTIVITY_FAILED}{' '}
          <button type="button" className="adm-btn" onClick={() => void reload()}>
            Retry
          </button>
        </div>
      )}
      {data && (
        <p className="adm-muted" aria-live="polite">
          {loading ? 'Loading…' : data.total === 1 ? '1 event' : `${data.total} events`}
        </p>
      )}
      {data && data.events.length > 0 && (
        <div aria-busy={loading}>
          <ActivityTable events={data.events} />
        </div>
      )}
      {data && <Pager page={Math.min(page, pageCount)} pageCount={pageCount} onPage={setPage} label="Pages of activity" />}
    </section>
  );
}
