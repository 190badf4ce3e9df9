import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accessProblem } from '../lib/access-problem';

/**
 * Turns access failures of admin calls into what the page should do (issue 5): a 403 shows the
 * "administrators only" notice instead of an empty page; a 401 or a missing token goes to /admin,
 * except the two session-ended texts, which spec §8 sends to /login (done by shared-api + shell).
 * `handleAccessError` answers true when it dealt with the error, so callers skip their own handling.
 */
export function useAdminAccess() {
  const navigate = useNavigate();
  // navigate changes identity with the location; a ref keeps the callback stable for effects.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [forbidden, setForbidden] = useState(false);

  const handleAccessError = useCallback((err: unknown): boolean => {
    const problem = accessProblem(err);
    if (problem === 'forbidden') {
      setForbidden(true);
      return true;
    }
    if (problem === 'signed-out') {
      navigateRef.current('/admin', { replace: true });
      return true;
    }
    // The shell's session-ended handler has already cleared the token and gone to /login.
    return problem === 'session-ended';
  }, []);

  return { forbidden, handleAccessError };
}
