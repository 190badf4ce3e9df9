import { BackToDashboard } from './page-frame';
import { ErrorPanel } from './page-state';

export const PROFILE_GONE = 'This profile no longer exists.';

/**
 * A profile id in the address that the server no longer knows (404, e.g. a deleted sub-profile,
 * an old bookmark): no Retry, since it can never work, and the way back to the dashboard. The
 * sibling of NotYourProfile (403), shared by the links, Stats and edit sub-profile pages.
 */
export function ProfileGone() {
  return (
    <ErrorPanel message={PROFILE_GONE}>
      <BackToDashboard />
    </ErrorPanel>
  );
}
