/** The links feature as other modules see it (issue 27: a feature imports another only through its index). */
export { linksRoutes } from './links.routes';
export { LINK_NOT_FOUND } from './link-messages';
export { findLink, listLinks } from './links.repository';
export { findLinkLists, findMemberLinkLists, firstPendingLink } from './link-lists.repository';
export { isCompleted, linkRowToLink, linkRowToMemberLink, type LinkFields } from './link.mapper';
export { normaliseLinkUrl } from './link-url';
export { publishPause, setPaused } from './pause-link';
export type { LinkRow, LinksTable } from './links.table';
