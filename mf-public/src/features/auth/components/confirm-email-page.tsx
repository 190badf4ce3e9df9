import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorKind, errorText, MESSAGES, confirmEmail, useToken } from '@rotalink/shared-api';
import { AuthCard } from '../../../components/auth-card';
import { FormAlert } from '../../../components/form-alert';

/** `deadLink`: the server refused the token (unknown, used, expired); other failures may pass on a retry. */
type State = { kind: 'working' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string; deadLink: boolean };

/**
 * One confirmation per token per page load: StrictMode (and a re-render) may run the effect twice,
 * and the token is single use, so a second POST would turn a success into "invalid".
 */
const confirming = new Map<string, ReturnType<typeof confirmEmail>>();
const confirmOnce = (token: string) => {
  let pending = confirming.get(token);
  if (!pending) {
    pending = confirmEmail(token);
    confirming.set(token, pending);
    // A failure may be retried by opening the page again (e.g. after a network error).
    pending.catch(() => confirming.delete(token));
  }
  return pending;
};

/**
 * /confirm-email?token= (issue 13): opened from the mail sent to a new address. It needs no
 * sign-in (the mail may be read on another device); opening it is the confirmation.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  const signedIn = Boolean(useToken());

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      (answer) => live && setState({ kind: 'done', text: answer.message }),
      (error: unknown) =>
        live &&
        setState({
          kind: 'failed',
          text: errorText(error, MESSAGES.somethingWentWrong, { network: 'The server could not be reached. Please try again.' }),
          deadLink: errorKind(error) === 'invalid',
        }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const next = signedIn ? (
    <Link className="pub-link" to="/user">
      Go to your dashboard
    </Link>
  ) : (
    <Link className="pub-link" to="/login">
      Sign in
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="Confirm your new email" footer={next}>
        <FormAlert kind="error">This confirmation link has no token. Open the link from your email again.</FormAlert>
      </AuthCard>
    );
  }
  // A dead link is asked for again in account settings (mf-member's /account, behind sign-in).
  const deadLink = state.kind === 'failed' && state.deadLink;
  const footer =
    deadLink && signedIn ? (
      <>
        <Link className="pub-link" to="/account">
          Ask for a new link in account settings
        </Link>
        {next}
      </>
    ) : (
      next
    );
  return (
    <AuthCard title="Confirm your new email" footer={state.kind === 'working' ? undefined : footer}>
      {state.kind === 'working' && <FormAlert kind="info">Confirming your new email address…</FormAlert>}
      {state.kind === 'done' && <FormAlert kind="success">{state.text}</FormAlert>}
      {state.kind === 'failed' && <FormAlert kind="error">{state.text}</FormAlert>}
      {deadLink && !signedIn && <p className="pub-muted">Sign in, then ask for a new link in your account settings.</p>}
    </AuthCard>
  );
}
