import { Link } from 'react-router-dom';
import { PLAN, useIsAdmin, useToken } from '@rotalink/shared-api';
import { usePageTitle } from '../../../components/use-page-title';
import { PAYMENT_CANCELLED_TEXT, usePaymentCancelled } from '../hooks/use-payment-cancelled';
import { usePlanStatus } from '../hooks/use-plan-status';
import { useSubscribe } from '../hooks/use-subscribe';
import { useSubscribeIntent } from '../hooks/use-subscribe-intent';
import { PlanCard } from './plan-card';
import '../../../components/public.css';
import './landing.css';

const BENEFITS = [
  {
    title: 'One link, every opportunity',
    text: 'Share a single public page. Visitors work through your referral links one after another, so every program gets its turn.',
  },
  {
    title: 'Fair rotation with click caps',
    text: 'Give each link a click cap. When it is reached the link moves to completed and the next one takes the lead.',
  },
  {
    title: 'Counts you can trust',
    text: 'Every click is counted the moment it happens, and a cap is never exceeded, even when many visitors click at once.',
  },
  {
    title: 'Built for your whole team',
    text: 'Create sub-profiles for partners or downline members, each with its own page, slogan and link queue.',
  },
];

/** / — product text for network and affiliate marketers and the one plan card (spec §2, §9). */
export function LandingPage() {
  usePageTitle('Link rotator for network & affiliate marketers');
  const signedIn = useToken() !== null;
  const isAdmin = useIsAdmin();
  // An admin has no plan of their own (the server refuses their profile call): nothing to check.
  const [plan, planIsActive] = usePlanStatus(signedIn && !isAdmin);
  const { subscribe, busy } = useSubscribe(planIsActive);
  useSubscribeIntent(signedIn && !isAdmin ? plan : 'unknown', subscribe);
  const card = signedIn && isAdmin ? 'admin' : plan;
  const cancelled = usePaymentCancelled();
  return (
    <div className="pub-page pub-landing">
      {cancelled.shown && (
        <div className="pub-alert pub-alert--info pub-landing__notice" role="status">
          <span>{PAYMENT_CANCELLED_TEXT}</span>
          <button type="button" className="pub-btn pub-btn--ghost" onClick={cancelled.dismiss}>
            Dismiss
          </button>
        </div>
      )}
      <section className="pub-hero">
        <p className="pub-hero__eyebrow">Link rotator for network &amp; affiliate marketers</p>
        <h1>Promote all your referral links from one page</h1>
        <p className="pub-hero__lead">
          Rotalink puts your links in a queue. Visitors click them in order, each link counts its clicks, and when a link reaches its cap
          the next one steps up automatically.
        </p>
        <div className="pub-hero__actions">
          <a className="pub-btn" href="#pub-pricing">
            See the plan
          </a>
          {signedIn && isAdmin ? (
            <Link className="pub-btn pub-btn--ghost" to="/admin_dashboard">
              Go to the admin console
            </Link>
          ) : signedIn ? (
            <Link className="pub-btn pub-btn--ghost" to="/user">
              Go to your dashboard
            </Link>
          ) : (
            <Link className="pub-btn pub-btn--ghost" to="/signup">
              Create a free account
            </Link>
          )}
        </div>
      </section>

      <section className="pub-benefits" aria-labelledby="pub-benefits-title">
        <h2 id="pub-benefits-title">Why marketers use Rotalink</h2>
        <ul className="pub-benefits__grid">
          {BENEFITS.map((b) => (
            <li key={b.title} className="pub-card pub-benefit">
              <h3>{b.title}</h3>
              <p className="pub-muted">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="pub-steps" aria-labelledby="pub-steps-title">
        <h2 id="pub-steps-title">How it works</h2>
        <ol className="pub-steps__list">
          <li>Sign up and choose the lifetime plan.</li>
          <li>Add up to {PLAN.linksPerProfile} referral links and set how many clicks each one gets.</li>
          <li>Share your public page. Visitors click the first link, then the next, in order.</li>
        </ol>
      </section>

      <section id="pub-pricing" className="pub-pricing" aria-labelledby="pub-pricing-title">
        <h2 id="pub-pricing-title">{card === 'active' ? 'Your plan' : card === 'admin' ? 'The plan' : 'Subscribe'}</h2>
        <p className="pub-muted">One plan, one payment, no renewals.</p>
        <PlanCard busy={busy} status={card} onSubscribe={() => void subscribe()} />
      </section>

      <footer className="pub-landing__footer pub-muted">
        <nav aria-label="Legal">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/refundpolicy">Refund Policy</Link>
        </nav>
      </footer>
    </div>
  );
}
