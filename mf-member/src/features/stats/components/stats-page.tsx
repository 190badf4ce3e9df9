import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorKind, errorText, MESSAGES } from '@rotalink/shared-api';
import { BackToDashboard, TitledPage } from '../../../components/page-frame';
import { EmptyState, ErrorPanel, Loading } from '../../../components/page-state';
import { LiveStatus } from '../../../components/live/live-status';
import { NotYourProfile } from '../../../components/not-your-profile';
import { ProfileGone } from '../../../components/profile-gone';
import { addLinksPath } from '../../../components/public-link';
import { usePageTitle } from '../../../components/use-page-title';
import { useProfileOwner } from '../../../components/use-profile-owner';
import { browserZone } from '../hooks/stats-range';
import { useStats, type StatsView } from '../hooks/use-stats';
import { ChartTable, ClicksChart } from './clicks-chart';
import { RangePicker } from './range-picker';
import { ConversionsPanel } from './conversions-panel';
import { StatsBreakdowns } from './stats-breakdowns';
import { StatsTotalsList } from './stats-totals';

const LOAD_STATS_FAILED = 'Failed to load the stats.';

const backToDashboard = <BackToDashboard />;

/** /stats?userId= — one profile's clicks over time, per link, device and referrer, live (issue 15). */
export function StatsPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const owner = useProfileOwner(userId, Boolean(userId));
  const [view, setView] = useState<StatsView>({ preset: '7d' });
  // An invalid custom range: the figures of the previous range are hidden, not shown as its own.
  const [rangeError, setRangeError] = useState<string | null>(null);
  const tz = browserZone();
  const ready = owner.state.status === 'ready' && owner.state.data !== null;
  const { summary, series, downloadCsv, downloading, downloadConversions, downloadingConversions } = useStats(userId, view, ready);
  const name = ready ? owner.state.data!.name : '';
  usePageTitle(name ? `Stats: ${name}` : 'Stats');

  if (!userId) {
    return (
      <TitledPage title="Stats">
        <ErrorPanel message="No profile was chosen.">{backToDashboard}</ErrorPanel>
      </TitledPage>
    );
  }
  if (owner.state.status === 'loading') {
    return (
      <TitledPage title="Stats">
        <Loading label="Loading stats…" />
      </TitledPage>
    );
  }
  if (owner.state.status === 'error' || owner.state.data === null) {
    return (
      <TitledPage title="Stats">
        {owner.state.status === 'error' && errorKind(owner.state.error) === 'not-found' ? (
          <ProfileGone />
        ) : owner.state.status === 'error' ? (
          <ErrorPanel message={errorText(owner.state.error, MESSAGES.loadProfileFailed, { serverText: false })} onRetry={owner.retry}>
            {backToDashboard}
          </ErrorPanel>
        ) : (
          <NotYourProfile />
        )}
      </TitledPage>
    );
  }

  const failure = summary.state.error ?? series.state.error;
  const refused = failure !== undefined && ['forbidden', 'unauthorized', 'session-ended'].includes(errorKind(failure));
  const retry = () => {
    summary.retry();
    series.retry();
  };

  return (
    <div className="mem-page">
      <header className="mem-header">
        <div style={{ minWidth: 0 }}>
          <h1>Stats: {name}</h1>
          <p className="mem-subtitle">Clicks on the public page and the rotator link</p>
        </div>
        <div className="mem-actions">
          <RouterLink className="mem-btn mem-btn--secondary" to={addLinksPath(userId)}>
            Links
          </RouterLink>
          {backToDashboard}
        </div>
      </header>

      <section className="mem-card" aria-label="Range and totals" style={{ display: 'grid', gap: 12 }}>
        <RangePicker view={view} onChange={setView} tz={tz} error={rangeError} onError={setRangeError} />
        {!rangeError && summary.state.status === 'ready' && <StatsTotalsList totals={summary.state.data.totals} />}
        <div className="mem-actions" style={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <LiveStatus stale={summary.stale || series.stale} />
          <button
            type="button"
            className="mem-btn mem-btn--secondary"
            onClick={() => void downloadCsv()}
            disabled={downloading || rangeError !== null}
          >
            {downloading ? 'Preparing CSV…' : 'Download CSV'}
          </button>
        </div>
      </section>

      {!rangeError && failure === undefined && summary.state.status === 'ready' && (
        <ConversionsPanel
          conversions={summary.state.data.conversions}
          onDownload={() => void downloadConversions()}
          downloading={downloadingConversions}
        />
      )}

      {rangeError ? null : failure !== undefined && errorKind(failure) === 'not-found' ? (
        <ProfileGone />
      ) : refused ? (
        <NotYourProfile />
      ) : failure !== undefined ? (
        <ErrorPanel message={errorText(failure, LOAD_STATS_FAILED)} onRetry={retry}>
          {backToDashboard}
        </ErrorPanel>
      ) : summary.state.status !== 'ready' || series.state.status !== 'ready' ? (
        <Loading label="Loading stats…" />
      ) : summary.state.data.totals.all === 0 ? (
        <EmptyState>
          <p style={{ margin: 0 }}>
            No clicks in this range yet. Share the public page or the rotator link: clicks show up here within seconds.
          </p>
        </EmptyState>
      ) : (
        <>
          <section className="mem-card" aria-labelledby="mem-stats-chart">
            <h2 id="mem-stats-chart">Clicks over time</h2>
            <ClicksChart buckets={series.state.data.buckets} interval={series.state.data.interval} />
            <ChartTable buckets={series.state.data.buckets} interval={series.state.data.interval} />
          </section>
          <StatsBreakdowns summary={summary.state.data} />
        </>
      )}
    </div>
  );
}
