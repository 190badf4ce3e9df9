import { paths, type MemberLinkLists } from '@rotalink/shared-api';
import { callLive, type LiveAnswer } from './conditional';

/**
 * The member's link lists as a conditional GET (the links page's live counts): an unchanged
 * answer is a 304 and comes back as `changed: false`, same object.
 */
export const pollMemberLinks = (userId: string): Promise<LiveAnswer<MemberLinkLists>> =>
  callLive<MemberLinkLists>(paths.getMemberLinks, { query: { user_id: userId }, tokenIfPresent: true });
