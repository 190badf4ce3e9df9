/** The notifications feature as other modules see it (issue 27: a feature imports another only through its index). */
export { LINK_PAUSED_KIND } from './notifications';
export type { LinkPausedPayload } from './owner-mails';
