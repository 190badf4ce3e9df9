import type { AboutProfile, AddLinkBody, AddLinkOk, IncrementClicksOk, LinkActionBody, LinkLists, MessageOk } from '../contract';
import { paths } from '../contract/paths';
import { call } from '../http';

/** The visitor page's calls (no token). */
export const getPublicLinks = (userId: string) => call<LinkLists>(paths.getPublicLinks, { query: { user_id: userId } });
export const getPublicProfile = (userId: string) =>
  call<AboutProfile>(paths.getPublicProfile, { query: { user_id: userId } });
export const incrementClicks = (linkId: string) => call<IncrementClicksOk>(paths.incrementClicks, { body: { link_id: linkId } });

/** The member's link management. */
/** Spec §7 lists it without a token; the member's pages send theirs so the server can check ownership. */
export const getMemberLinks = (userId: string) =>
  call<LinkLists>(paths.getMemberLinks, { query: { user_id: userId }, tokenIfPresent: true });
export const addLink = (body: AddLinkBody) => call<AddLinkOk>(paths.addLink, { body });
export const resetLink = (body: LinkActionBody) => call<MessageOk>(paths.resetLink, { body });
export const deleteLink = (body: LinkActionBody) => call<MessageOk>(paths.deleteLink, { body });
