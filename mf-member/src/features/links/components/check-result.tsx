import type { LinkCheck } from '@rotalink/shared-api';

/** A check's time as the member's locale writes it (the API sends ISO 8601 UTC). */
export function formatCheckTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Last check: 23 Nov 2026, 15:42 — HTTP 404", coloured by the outcome, or that none ran yet. */
export function CheckResult({ check, prefix = 'Last check' }: { check: LinkCheck | null; prefix?: string }) {
  if (!check) return <p className="mem-link__meta mem-check-result">{prefix}: not checked yet.</p>;
  return (
    <p className={`mem-link__meta mem-check-result ${check.ok ? 'mem-check-result--ok' : 'mem-check-result--failed'}`}>
      {prefix}: <time dateTime={check.checked_at}>{formatCheckTime(check.checked_at)}</time> — {check.ok ? 'OK' : 'Failed'}: {check.result}
    </p>
  );
}

/**
 * A link's check in a live region, so a screen reader hears a Check now's result when it arrives.
 * `check` undefined shows nothing (a pending link not checked in this visit); null says no check ran.
 */
export function CheckStatus(props: { check: LinkCheck | null | undefined; prefix: string; error?: string; running: boolean }) {
  const { check, prefix, error, running } = props;
  let content = null;
  if (running) content = <p className="mem-link__meta">Checking the destination…</p>;
  else if (error) content = <p className="mem-link__warn">{error}</p>;
  else if (check !== undefined) content = <CheckResult check={check} prefix={prefix} />;
  return (
    <div role="status" aria-live="polite" className="mem-check-status">
      {content}
    </div>
  );
}
