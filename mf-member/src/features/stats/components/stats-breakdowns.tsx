import type { ReactNode } from 'react';
import type { StatsSummary } from '@rotalink/shared-api';
import { formatCount, share } from '../hooks/stats-format';

interface Row {
  key: string;
  label: ReactNode;
  counted: number;
  all: number;
}

/** One breakdown: a heading and a small table (counted, all, counted share); a note when empty. */
function Breakdown({ id, title, what, rows, empty }: { id: string; title: string; what: string; rows: Row[]; empty: string }) {
  return (
    <section className="mem-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="mem-muted" style={{ margin: 0 }}>
          {empty}
        </p>
      ) : (
        <div className="mem-scroll">
          <table className="mem-stats-table">
            <thead>
              <tr>
                <th scope="col">{what}</th>
                <th scope="col">Counted</th>
                <th scope="col">All clicks</th>
                <th scope="col">Share counted</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td>{formatCount(r.counted)}</td>
                  <td>{formatCount(r.all)}</td>
                  <td>{share(r.counted, r.all)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const DEVICE_TEXT: Record<string, string> = { mobile: 'Phone', tablet: 'Tablet', desktop: 'Desktop', bot: 'Bot', unknown: 'Unknown' };
const SOURCE_TEXT: Record<string, string> = { page: 'Public page', rotator: 'Rotator link' };

function linkLabel(l: StatsSummary['links'][number]): ReactNode {
  if (l.link_id === null) return <span className="mem-muted">Rotator visits with no link to send to</span>;
  if (l.name === null && l.link === null) return <span className="mem-muted">A deleted link</span>;
  return (
    <>
      {l.name ? <span className="mem-stats-table__name">{l.name}</span> : <span className="mem-stats-table__address">{l.link}</span>}
      {l.name && l.link && <span className="mem-stats-table__sub">{l.link}</span>}
    </>
  );
}

/** The summary's tables: per link, then where the clicks came from (source, device, referrer). */
export function StatsBreakdowns({ summary }: { summary: StatsSummary }) {
  return (
    <>
      <Breakdown
        id="mem-stats-links"
        title="Links"
        what="Link"
        empty="No link was clicked in this range."
        rows={summary.links.map((l, i) => ({ key: l.link_id ?? `none-${i}`, label: linkLabel(l), counted: l.counted, all: l.all }))}
      />
      <div className="mem-grid-2">
        <Breakdown
          id="mem-stats-devices"
          title="Devices"
          what="Device"
          empty="No clicks."
          rows={summary.devices.filter((d) => d.all > 0).map((d) => ({ key: d.device, label: DEVICE_TEXT[d.device] ?? d.device, ...d }))}
        />
        <Breakdown
          id="mem-stats-referrers"
          title="Top referrers"
          what="Referrer"
          empty="No clicks."
          rows={summary.top_referrers.map((r) => ({
            key: r.host ?? '',
            label: r.host ? <span className="mem-stats-table__address">{r.host}</span> : 'No referrer (typed, bookmarked, apps)',
            ...r,
          }))}
        />
      </div>
      <Breakdown
        id="mem-stats-sources"
        title="Sources"
        what="Source"
        empty="No clicks."
        rows={summary.sources.filter((s) => s.all > 0).map((s) => ({ key: s.source, label: SOURCE_TEXT[s.source] ?? s.source, ...s }))}
      />
    </>
  );
}
