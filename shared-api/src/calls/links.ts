import type {
  AboutProfile,
  AddLinkBody,
  AddLinkOk,
  IncrementClicksOk,
  LinkActionBody,
  LinkLists,
  MemberLinkLists,
  MessageOk,
  CheckLinkOk,
  PauseLinkBody,
  PauseLinkOk,
  ReorderLinksOk,
  RotatorSettings,
  UpdateLinkBody,
  UpdateLinkOk,
  UpdateRotatorBody,
  UpdateRotatorOk,
} from '../contract';
import { paths } from '../paths';
import { call } from '../http';

/** The visitor page's calls (no token). */
export const getPublicLinks = (userId: string) => call<LinkLists>(paths.getPublicLinks, { query: { user_id: userId } });
export const getPublicProfile = (userId: string) => call<AboutProfile>(paths.getPublicProfile, { query: { user_id: userId } });
/** `referrer`: the page's `document.referrer` (issue 14: the click event keeps its host only). */
export const incrementClicks = (linkId: string, referrer?: string) =>
  call<IncrementClicksOk>(paths.incrementClicks, { body: referrer === undefined ? { link_id: linkId } : { link_id: linkId, referrer } });

/** The member's link management. */
/** Spec §7 lists it without a token; the member's pages send theirs so the server can check ownership. */
export const getMemberLinks = (userId: string) =>
  call<MemberLinkLists>(paths.getMemberLinks, { query: { user_id: userId }, tokenIfPresent: true });
/** The same lists polled every few seconds (issue 15 live counts): `pollMemberLinks` of the /live entry. */
export const addLink = (body: AddLinkBody) => call<AddLinkOk>(paths.addLink, { body });
export const resetLink = (body: LinkActionBody) => call<MessageOk>(paths.resetLink, { body });
export const deleteLink = (body: LinkActionBody) => call<MessageOk>(paths.deleteLink, { body });
/** Changes a link's name, URL and/or cap (fields left out stay as they are). */
export const updateLink = (body: UpdateLinkBody) => call<UpdateLinkOk>(paths.updateLink, { body });
/** Sets the pending queue's order: every pending link of the profile, once, head first. */
export const reorderLinks = (userId: string, linkIds: string[]) =>
  call<ReorderLinksOk>(paths.reorderLinks, { body: { user_id: userId, link_ids: linkIds } });

/** Issue 16: pause (true) or resume (false) a link; answers the owner's lists after the change. */
export const pauseLink = (body: PauseLinkBody) => call<PauseLinkOk>(paths.pauseLink, { body });
/** Issue 16: checks one link's destination now ("Check now"). */
export const checkLink = (body: LinkActionBody) => call<CheckLinkOk>(paths.checkLink, { body });

/** Issue 14: the profile's rotator link and its settings (owner only). */
export const getRotatorSettings = (userId: string) => call<RotatorSettings>(paths.getRotatorSettings, { query: { user_id: userId } });
export const updateRotatorSettings = (body: UpdateRotatorBody) => call<UpdateRotatorOk>(paths.updateRotatorSettings, { body });
