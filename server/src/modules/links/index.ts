/** The links feature as other modules see it (issue 27: a feature imports another only through its index). */
export { linksRoutes } from './links.routes';
export { LINK_NOT_FOUND } from './link-messages';
export { findLink, listLinks } from './links.repository';
export { findLinkLists, findMemberLinkLists, firstPendingLink } from './link-lists.repository';
export { isCompleted, lastCheckOf, linkRowToLink, linkRowToMemberLink, type LinkFields } from './link.mapper';
export { addLink } from './add-link';
export { updateLink } from './update-link';
export { pauseLink } from './pause-link';
export { reorderLinks } from './reorder-links';
export { deleteLink, resetLinkToEnd } from './links.repository';
export { normaliseLinkUrl } from './link-url';
export { publishPause, setPaused } from './pause-link';
export type { LinkRow, LinksTable } from './links.table';
