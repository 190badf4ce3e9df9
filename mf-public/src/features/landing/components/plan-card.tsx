import { PLAN } from '@rotalink/shared-api';

const FEATURES = [
  `${PLAN.linksPerProfile} links per profile`,
  'Link counter: see every click',
  'Link rotator: visitors click your links in order',
  'Sub-profiles with their own public page',
  'Pay once, use it for life',
];

/** The one plan of spec §9, shown as the subscribe card. */
export function PlanCard({ busy, onSubscribe }: { busy: boolean; onSubscribe: () => void }) {
  const [dollars, cents] = PLAN.amount.toFixed(2).split('.');
  return (
    <article className="pub-plan" aria-labelledby="pub-plan-title">
      <p className="pub-plan__badge">Best value</p>
      <h3 id="pub-plan-title" className="pub-plan__name">
        {PLAN.label}
      </h3>
      <p className="pub-plan__price">
        <span className="pub-visually-hidden">Price: </span>
        <span className="pub-plan__currency" aria-hidden="true">$</span>
        <span className="pub-plan__amount" aria-hidden="true">{dollars}</span>
        <span className="pub-plan__cents" aria-hidden="true">.{cents}</span>
        <span className="pub-visually-hidden">${PLAN.amount.toFixed(2)} USD</span>
        <span className="pub-plan__period">one-time payment</span>
      </p>
      <ul className="pub-plan__features">
        {FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button type="button" className="pub-btn pub-btn--block" onClick={onSubscribe} disabled={busy} aria-busy={busy || undefined}>
        {busy && <span className="pub-spinner" aria-hidden="true" />}
        {busy ? 'Opening checkout…' : 'Subscribe'}
      </button>
      <p className="pub-plan__note pub-muted">Secure checkout. 14-day money-back guarantee.</p>
    </article>
  );
}
