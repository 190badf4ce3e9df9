import type { ReactNode } from 'react';
import type { ConversionFigures, StatsConversions } from '@rotalink/shared-api';
import { formatCount } from '../hooks/stats-format';

const SOURCE_TEXT: Record<string, string> = { page: 'Public page', rotator: 'Rotator link' };
const rate = (r: number) => `${(r * 100).toFixed(r > 0 && r < 0.001 ? 2 : 1)} %`;

/** The four figures of a row: conversions, revenue, conversion rate, EPC. */
function FigureCells({ f, currency }: { f: ConversionFigures; currency: string }) {
  return (
    <>
      <td>{formatCount(f.conversions)}</td>
      <td>
        {f.revenue} {currency}
      </td>
      <td>{rate(f.conversion_rate)}</td>
      <td>{f.epc}</td>
    </>
  );
}

function FigureTable({
  what,
  rows,
  currency,
}: {
  what: string;
  rows: { key: string; label: ReactNode; counted: number; f: ConversionFigures }[];
  currency: string;
}) {
  return (
    <div className="mem-scroll">
      <table className="mem-stats-table">
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col">Counted clicks</th>
            <th scope="col">Conversions</th>
            <th scope="col">Revenue</th>
            <th scope="col">Conversion rate</th>
            <th scope="col">EPC ({currency})</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>{formatCount(r.counted)}</td>
              <FigureCells f={r.f} currency={currency} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Issue 30: what the range's clicks earned — conversions, revenue, conversion rate and earnings
 * per counted click, in all and per link and source; unattributed conversions (unknown or too
 * old a click) and refunds are shown apart, never counted to a link.
 */
export function ConversionsPanel({
  conversions,
  onDownload,
  downloading,
}: {
  conversions: StatsConversions;
  onDownload: () => void;
  downloading: boolean;
}) {
  const { totals, currency } = conversions;
  const items: [string, string, string][] = [
    ['Conversions', formatCount(totals.conversions), 'Sales reported for your clicks in this range (refunds taken out)'],
    ['Revenue', `${totals.revenue} ${currency}`, 'Their amounts in your currency'],
    ['Conversion rate', rate(totals.conversion_rate), 'Conversions per counted click'],
    ['EPC', `${totals.epc} ${currency}`, 'Earnings per counted click'],
  ];
  return (
    <section className="mem-card" aria-labelledby="mem-stats-conversions" style={{ display: 'grid', gap: 12 }}>
      <div className="mem-actions" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <h2 id="mem-stats-conversions" style={{ margin: 0 }}>
          Conversions
        </h2>
        <button type="button" className="mem-btn mem-btn--secondary" onClick={onDownload} disabled={downloading}>
          {downloading ? 'Preparing CSV…' : 'Download conversions CSV'}
        </button>
      </div>
      <dl className="mem-totals" aria-label="Conversion totals">
        {items.map(([label, value, hint]) => (
          <div key={label} className="mem-totals__item" title={hint}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {(totals.unattributed > 0 || totals.refunded > 0 || totals.other_currencies.length > 0) && (
        <p className="mem-muted" style={{ margin: 0 }}>
          {totals.unattributed > 0 &&
            `${formatCount(totals.unattributed)} unattributed (${totals.unattributed_revenue} ${currency}): their click was unknown or older than your attribution window, so they count to no link. `}
          {totals.refunded > 0 && `${formatCount(totals.refunded)} refunded. `}
          {totals.other_currencies.map((o) => `${formatCount(o.conversions)} in ${o.currency} (${o.revenue} ${o.currency}). `).join('')}
        </p>
      )}
      {conversions.links.length > 0 && (
        <FigureTable
          what="Link"
          currency={currency}
          rows={conversions.links.map((l) => ({
            key: l.link_id ?? '',
            label:
              l.link_id === null ? (
                <span className="mem-muted">Rotator visits with no link</span>
              ) : (
                (l.name ?? <span className="mem-muted">A deleted link</span>)
              ),
            counted: l.counted,
            f: l,
          }))}
        />
      )}
      <FigureTable
        what="Source"
        currency={currency}
        rows={conversions.sources.map((s) => ({ key: s.source, label: SOURCE_TEXT[s.source] ?? s.source, counted: s.counted, f: s }))}
      />
    </section>
  );
}
