import type { AdminUserStats, StatsTotals } from '@rotalink/shared-api';
import { countOf, formatCount } from '../../../lib/format';

interface Props {
  stats: AdminUserStats | null;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}

const filtered = (t: StatsTotals) => t.repeat + t.bot;

function Totals({ label, totals }: { label: string; totals: StatsTotals }) {
  return (
    <div className="adm-summary__row">
      <dt>{label}</dt>
      <dd>
        {/* counted, repeat and bot describe clicks, so they stay as they are; visitors is a noun that agrees with its count. */}
        {formatCount(totals.counted)} counted · {formatCount(totals.repeat)} repeat · {formatCount(totals.bot)} bot ·{' '}
        {countOf(totals.unique_visitors, 'unique visitor', 'unique visitors')}
      </dd>
    </div>
  );
}

/** The user's clicks (issue 15): all time and the last 30 days, over their profile and sub-profiles. */
export function UserStats({ stats, loading, error, onRetry }: Props) {
  return (
    <section className="adm-card adm-stats" aria-labelledby="adm-stats-heading">
      <h2 id="adm-stats-heading">Clicks</h2>
      {loading && (
        <p className="adm-muted" role="status">
          Loading clicks…
        </p>
      )}
      {error && (
        <div className="adm-notice adm-notice--warn adm-details__error" role="alert">
          <p>{error}</p>
          <button type="button" className="adm-btn" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {stats && (
        <>
          <dl className="adm-summary__list">
            <Totals label="All time" totals={stats.all_time} />
            <Totals label="Last 30 days" totals={stats.last_30_days} />
          </dl>
          {stats.profiles.length > 1 && (
            <div className="adm-stats__scroll">
              <table className="adm-stats__table">
                <caption className="adm-muted">By profile, all time</caption>
                <thead>
                  <tr>
                    <th scope="col">Profile</th>
                    <th scope="col">Counted</th>
                    <th scope="col">Filtered (repeat + bot)</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.profiles.map((p) => (
                    <tr key={p.user_id}>
                      <th scope="row">{p.name || p.user_id}</th>
                      <td>{formatCount(p.counted)}</td>
                      <td>{formatCount(filtered(p))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
