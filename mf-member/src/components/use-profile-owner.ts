import { getProfile, getSubProfiles } from '@rotalink/shared-api';
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
      // null: not one of this member's profiles (the link calls will be refused too)
      return sub ? { name: `${sub.first_name} ${sub.last_name}`.trim(), isMember: false, planActive, signedInAsSubProfile } : null;
    },
    [userId],
    enabled,
  );
}
