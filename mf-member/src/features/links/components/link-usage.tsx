import { PLAN } from '@rotalink/shared-api';

/** The plan's limit, visible before it is hit (DESIGN §6: 20 links per profile). */
export function LinkUsage({ used }: { used: number }) {
  const limit = PLAN.linksPerProfile;
  const share = Math.min(100, Math.round((used / limit) * 100));
  return (
    <div className="mem-usage">
      <p style={{ margin: '0 0 6px' }}>
        <strong>
          {used} of {limit} links used
        </strong>
      </p>
      <div
        className={used >= limit ? 'mem-meter mem-meter--full' : 'mem-meter'}
        role="progressbar"
        aria-label="Links used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
      >
        <div className="mem-meter__bar" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
