import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorKind } from '@rotalink/shared-api';

/**
 * Turns access failures of admin calls into what the page should do (issue 5), by ApiError kind:
 * - 'forbidden' (a member's token on an admin call, 403): the "administrators only" notice;
 * - 'unauthorized' (no token, or another 401): back to the /admin sign-in;
 * - 'session-ended': spec §8 sends it to /login, which shared-api and the shell already did — the
 *   page must not navigate elsewhere.
 * `handleAccessError` answers true when it dealt with the error, so callers skip their own handling.
 */
export function useAdminAccess() {
  const navigate = useNavigate();
  // navigate changes identity with the location; a ref keeps the callback stable for effects.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [forbidden, setForbidden] = useState(false);

  const handleAccessError = useCallback((err: unknown): boolean => {
    switch (errorKind(err)) {
      case 'forbidden':
        setForbidden(true);
        return true;
      case 'unauthorized':
        navigateRef.current('/admin', { replace: true });
        return true;
      case 'session-ended':
        return true;
      default:
        return false;
    }
  }, []);

  return { forbidden, handleAccessError };
}
