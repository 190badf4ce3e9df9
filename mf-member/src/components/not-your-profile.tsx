import { BackToDashboard } from './page-frame';
import { ErrorPanel } from './page-state';

export const NOT_YOUR_PROFILE = 'This profile is not one of yours.';

/**
 * A profile id in the address that is not the member's own or one of their sub-profiles (the
 * server answers 403): no Retry, since it can never work, and the way back to the dashboard.
 */
export function NotYourProfile() {
  return (
    <ErrorPanel message={NOT_YOUR_PROFILE}>
      <BackToDashboard />
    </ErrorPanel>
  );
}
