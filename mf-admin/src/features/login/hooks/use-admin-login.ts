import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminLogin, errorText, MESSAGES, tokenStore } from '@rotalink/shared-api';

/**
 * Admin sign-in (spec §6, §8): success is `Isadmin === 'Isadmin'` → the token is stored with the
 * admin flag and the admin goes to the user list. A failure with a server text shows that text;
 * one without any text (network down, empty answer) raises the spec's alert 'Something went wrong.'.
 */
export function useAdminLogin() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn(username: string, password: string) {
    setSubmitting(true);
    setError(null);
    try {
      const answer = await adminLogin({ username, password });
      if (answer?.Isadmin === 'Isadmin' && answer.token) {
        tokenStore.setSession(answer.token, { admin: true });
        navigate('/admin_dashboard');
        return;
      }
      window.alert(MESSAGES.adminSomethingWrong);
    } catch (err) {
      // The server's reason ('Invalid username or password', or "temporarily unavailable" on a 503);
      // none at all (offline, an empty answer) is spec §8's alert.
      const text = errorText(err, '');
      if (text) setError(text);
      else window.alert(MESSAGES.adminSomethingWrong);
    }
    setSubmitting(false);
  }

  return { signIn, submitting, error };
}
