import { errorKind, getProfile, getSubProfile, getSubProfiles } from '@rotalink/shared-api';
import { useAsyncData } from './use-async-data';
import { isSubProfileAccount } from './use-my-profile';

export interface ProfileOwner {
  /** The name shown on top of the page. */
  name: string;
  /** True when the profile is the member's own, false for one of their sub-profiles. */
  isMember: boolean;
  /** Adding links needs an active plan: the member's own (also for sub-profiles, DESIGN §6). */
  planActive: boolean;
  /** A sub-profile signed in on its own: its plan is its member's, which it cannot buy itself. */
  signedInAsSubProfile: boolean;
}

/**
 * An id missing from the member's lists is either someone else's (403) or no profile at all any
 * more (404, e.g. a deleted sub-profile): only the server can tell, so it is asked once. A 404 is
 * thrown (the pages show ProfileGone); any other answer leaves it "not one of yours".
 */
async function throwIfGone(userId: string): Promise<void> {
  try {
    await getSubProfile(userId);
  } catch (error) {
    if (errorKind(error) === 'not-found') throw error;
  }
}

/**
 * Whose profile `userId` is (the links page, the Stats page), and whether the plan allows adding
 * links: the member's profile and their sub-profile list, loaded side by side.
 */
export function useProfileOwner(userId: string, enabled: boolean) {
  return useAsyncData<ProfileOwner | null>(
    async () => {
      const [profile, subs] = await Promise.all([getProfile(), getSubProfiles()]);
      const planActive = profile.subscription_status === 'active'; // spec §4
      const signedInAsSubProfile = isSubProfileAccount(profile);
      if (profile.user_id === userId) {
        return { name: `${profile.first_name} ${profile.last_name}`.trim(), isMember: true, planActive, signedInAsSubProfile };
      }
      const sub = (subs.subProfiles ?? []).find((s) => s.user_id === userId);
      if (sub) return { name: `${sub.first_name} ${sub.last_name}`.trim(), isMember: false, planActive, signedInAsSubProfile };
      await throwIfGone(userId);
      // null: not one of this member's profiles (the link calls will be refused too)
      return null;
    },
    [userId],
    enabled,
  );
}
