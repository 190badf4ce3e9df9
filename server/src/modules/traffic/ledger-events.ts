import type { TableWrite } from '../../db/batch-write';
import type { DbOrTrx } from '../../db/database';
import type { ClickEventInput } from './click-events.repository';
import type { ClickedLink } from './link-clicks.repository';

/*
 * The click ledger's events (issue 27). Every event is published INSIDE the transaction of the
 * click that caused it (a group-commit batch), to the subscribers registered at start-up (app.ts):
 * what a subscriber writes rides in that same transaction, so it commits with the click or not at
 * all (exactly once). Subscribers depend on the ledger, never the reverse: the ledger names no
 * subscriber. A new event type: add it to LedgerEvents, publish it from the ledger (ClickBatch),
 * and subscribers may handle it — see /docs/design.md "The click path".
 */

/** A click was recorded (page or rotator, counted or not): the row click_events gets at COMMIT. */
export type ClickRecorded = ClickEventInput;

/** A counted click filled its link (clicks reached max_clicks): exactly one click per fill. */
export interface LinkFilled {
  profileId: string;
  /** The link as the filling click left it. */
  link: ClickedLink;
  /** The new head of the profile's queue; null: nothing is pending any more (QueueEmptied follows). */
  next: { name: string; url: string } | null;
}

/** The click that filled a link left no pending link in the profile's queue. */
export interface QueueEmptied {
  profileId: string;
  /** The link whose last click emptied the queue. */
  link: ClickedLink;
}

/**
 * Issue 30: a postback or the pixel recorded a sale, or a refund reversed one — published in the
 * conversion's own transaction (not a click batch: ledger-unit.ts), once per stored change: a
 * duplicate txid or a second refund publishes nothing. `committed` runs after its COMMIT.
 */
export interface ConversionRecorded {
  profileId: string;
  conversionId: string;
  txid: string;
  /** 'approved': a new sale; 'refunded': an earlier sale reversed. */
  status: 'approved' | 'refunded';
  via: 'postback' | 'pixel' | 'api';
  /** The link it counts to; null: unattributed (or a click that went to no link). */
  linkId: string | null;
  attributed: boolean;
  amountMinor: number;
  currency: string;
  /** A sale that is its link's first conversion ever (the owner's optional mail). */
  firstOfLink: boolean;
  /** ISO UTC. */
  at: string;
}

/**
 * Issue 31: a link left the queue because it was paused — by its owner, or by the link-health
 * check after failed checks — published in the pause's own transaction (a LedgerUnit, like a
 * conversion), once per pause that changed the row: pausing a paused link publishes nothing.
 */
export interface LinkPaused {
  profileId: string;
  link: { id: string; name: string; url: string };
  by: 'owner' | 'health-check';
  reason: string;
  /** ISO UTC. */
  at: string;
}

/** Every event type by name. */
export interface LedgerEvents {
  ClickRecorded: ClickRecorded;
  LinkFilled: LinkFilled;
  QueueEmptied: QueueEmptied;
  ConversionRecorded: ConversionRecorded;
  LinkPaused: LinkPaused;
}

export type LedgerEventName = keyof LedgerEvents;

/**
 * A handler gets the event and the batch's transaction (write through it, nothing else).
 * ClickRecorded comes once per click on the hot path: keep its handler synchronous (a promise
 * per click costs CPU); a handler that queued something the owner will hear of returns true
 * (the click's answer says `notified`).
 */
export type EventHandler<E> = (event: E, trx: DbOrTrx) => void | boolean | Promise<void | boolean>;

/** One subscriber's part in ONE batch (a fresh one per transaction, a retry included). */
export type BatchListener = { [K in LedgerEventName]?: EventHandler<LedgerEvents[K]> } & {
  /** Just before the COMMIT: table writes joined to the batch's own (one statement on PostgreSQL). */
  writes?: () => Promise<TableWrite[]>;
  /** After the COMMIT, before any click is answered (wake a worker, drop a cache entry). */
  committed?: () => void;
};

export interface LedgerSubscriber {
  /** For diagnostics and ordering: subscribers run in registration order. */
  name: string;
  /** Called when a batch's transaction opens. */
  open: (trx: DbOrTrx) => BatchListener;
}
