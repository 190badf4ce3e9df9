import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminLogin, errorKind, errorText, MESSAGES, tokenStore } from '@rotalink/shared-api';
import { adminLoginCode } from '@rotalink/shared-api/live';

/**
 * Admin sign-in (spec §6, §8): success is `Isadmin === 'Isadmin'` → the token is stored with the
 * admin flag and the admin goes to the user list. A failure with a server text shows that text;
 * one without any text (network down, empty answer) raises the spec's alert 'Something went wrong.'.
 * Issue 33: with two-factor sign-in on, the password answers a challenge and the page asks for
 * the code (`challenge` set), which `signInWithCode` sends.
 */
export function useAdminLogin() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  async function attempt(send: () => Promise<unknown>) {
    setSubmitting(true);
    setError(null);
    try {
      const answer = (await send()) as { Isadmin?: string; token?: string; twoFactorRequired?: boolean; challenge?: string } | undefined;
      if (answer?.twoFactorRequired && answer.challenge) {
        setChallenge(answer.challenge);
      } else if (answer?.Isadmin === 'Isadmin' && answer.token) {
        tokenStore.setSession(answer.token, { admin: true });
        navigate('/admin_dashboard');
        return;
      } else {
        window.alert(MESSAGES.adminSomethingWrong);
      }
    } catch (err) {
      // The server's reason ('Invalid username or password', or "temporarily unavailable" on a 503);
      // none at all (offline, an empty answer) is spec §8's alert.
      const text = errorText(err, '', { network: '' });
      if (text) setError(text);
      // Issue 29: no answer at all says so on a second line, so it never reads as a wrong password.
      else if (errorKind(err) === 'network') window.alert(`${MESSAGES.adminSomethingWrong}\n${MESSAGES.notReachedSignIn}`);
      else window.alert(MESSAGES.adminSomethingWrong);
    }
    setSubmitting(false);
  }

  const signIn = (username: string, password: string) => attempt(() => adminLogin({ username, password }));
  const signInWithCode = (code: string) => attempt(() => adminLoginCode({ challenge: challenge ?? '', code }));
  /** Back to the password (the challenge lasts 5 minutes). */
  const startOver = () => {
    setChallenge(null);
    setError(null);
  };

  return { signIn, signInWithCode, startOver, codeAsked: challenge !== null, submitting, error };
}
