import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, PLAN, TIMINGS, useToken } from '@rotalink/shared-api';
import { FormAlert } from '../../../components/form-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { useCountdown } from '../hooks/use-countdown';
import { usePaymentVerification } from '../hooks/use-payment-verification';
import '../../../components/public.css';
import './payment.css';

const PAGE_TITLES = {
  verifying: 'Confirming payment',
  verified: 'Payment successful',
  missing: 'Payment',
  failed: 'Payment not confirmed',
} as const;

/** /payment-success?session_id= — spec §4 (verify, then /user after 5 s) and §8 texts. */
export function PaymentSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const { result, retry } = usePaymentVerification(sessionId);
  const signedIn = useToken() !== null;
  usePageTitle(PAGE_TITLES[result.state]);
  const left = useCountdown(TIMINGS.paymentRedirectSeconds, result.state === 'verified', () => navigate('/user'));

  return (
    <section className="pub-page pub-auth">
      <div className="pub-card pub-pay" aria-busy={result.state === 'verifying'}>
        {result.state === 'verifying' && (
          <>
            <h1>Confirming your payment…</h1>
            <p className="pub-pay__wait pub-muted" role="status">
              <span className="pub-spinner" aria-hidden="true" /> Please keep this page open.
            </p>
          </>
        )}
        {result.state === 'verified' && (
          <>
            <div className="pub-pay__icon pub-pay__icon--ok" aria-hidden="true">
              ✓
            </div>
            <h1>Payment successful!</h1>
            <p>Your lifetime plan is active. You can now add up to {PLAN.linksPerProfile} links to each of your profiles.</p>
            <p className="pub-pay__countdown" role="status" aria-live="polite">
              Redirecting to your dashboard in {left} {left === 1 ? 'second' : 'seconds'}…
            </p>
            <Link className="pub-btn pub-btn--block" to="/user">
              Go to dashboard now
            </Link>
          </>
        )}
        {result.state === 'missing' && (
          <>
            <h1>Payment</h1>
            <FormAlert kind="error">{MESSAGES.sessionIdNotFound}</FormAlert>
            <Link className="pub-btn pub-btn--ghost pub-btn--block pub-pay__action" to="/">
              Back to plans
            </Link>
          </>
        )}
        {result.state === 'failed' && (
          <>
            <h1>Payment not confirmed</h1>
            <FormAlert kind="error">{result.text}</FormAlert>
            {!signedIn && (
              // Verification needs the member's token; a payment made in another browser lands here signed out.
              <p className="pub-muted">
                You are signed out.{' '}
                <Link className="pub-link" to="/login">
                  Sign in
                </Link>{' '}
                to see your plan on your dashboard.
              </p>
            )}
            <div className="pub-pay__actions">
              {result.canRetry && (
                <button type="button" className="pub-btn" onClick={retry}>
                  Try again
                </button>
              )}
              <Link className="pub-btn pub-btn--ghost" to="/user">
                Go to dashboard
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
