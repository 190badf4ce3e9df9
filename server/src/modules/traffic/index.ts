/**
 * The click ledger (issue 27) as the rest of the server sees it: the one module that owns a click
 * from the request to the COMMIT — describing the visit, the verdict, choosing the link, counting
 * under the cap, the event row and the group-commit unit of work (ClickBatch). The page click
 * (modules/visitor) and the rotator link (modules/rotator) are thin entries into `ClickLedger`;
 * roll-ups, owner notices and the public cache subscribe to its events (ledger-events.ts).
 */
export { ClickLedger, type LedgerOptions } from './click-ledger';
export type { LedgerUnit } from './ledger-unit';
export type { ClickBatch, SettledProfile } from './click-batch';
export type {
  BatchListener,
  ClickRecorded,
  ConversionRecorded,
  EventHandler,
  LedgerEventName,
  LedgerEvents,
  LedgerSubscriber,
  LinkFilled,
  LinkPaused,
  QueueEmptied,
} from './ledger-events';
export { CLICK_COUNTED, describeVisit, NOT_COUNTED } from './describe-visit';
export { LINK_COMPLETED, LINK_PAUSED, type PageClick } from './page-click';
export { previewRotator, type Destination, type RotatorVisit } from './rotator-visit';
export type { ClickEventInput } from './click-events.repository';
export type {
  ClickEventRow,
  ClickEventsTable,
  ClickSourceValue,
  ClickVerdictValue,
  DeviceClassValue,
  VisitorKeysTable,
} from './click-events.table';
export type { ClickedLink } from './link-clicks.repository';
export type { Visit } from './verdict';
export { utcDay, VisitorHasher } from './visitor-keys';
// Issue 30: the ledger mints a counted click's id and says where its visitor is sent on.
export { CLICK_ID_LENGTH, clickTimeOf, mintClickId } from './click-ids';
export { destinationUrl, type ClickFacts } from './destination';
