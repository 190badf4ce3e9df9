import type { Db } from '../../db/database';
import { formatMinor } from '../conversions';
import { CSV_PAGE_ROWS, csvLine, readEventPage } from '../stats';

/** A profile's links by id: their names and URLs go beside each click. */
export type LinkCells = Map<string, { name: string; url: string }>;

export const CLICK_EVENT_COLUMNS = [
  'profile_id',
  'time',
  'link_id',
  'link_name',
  'link_url',
  'source',
  'verdict',
  'device',
  'referrer_host',
];
export const CONVERSION_COLUMNS = [
  'profile_id',
  'time',
  'txid',
  'status',
  'amount',
  'currency',
  'attributed',
  'click_id',
  'click_time',
  'link_id',
  'source',
  'via',
];

/** Every instant a row can have: the export has no range. */
const ALL_TIME = { from: '0000-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' };

/**
 * A profile's click events, oldest first, one page of CSV lines at a time: the stats CSV's keyset
 * read (click-events-page.repository.ts, decision 0073), so every page costs the same however
 * deep the export is. Never the visitor hash (it comes from the IP), never an IP.
 */
export async function* clickEventPages(reader: Db, profileId: string, links: LinkCells): AsyncGenerator<string> {
  let after: { createdAt: string; id: number } | null = null;
  for (;;) {
    const page = await readEventPage(reader, { userId: profileId, ...ALL_TIME, after, limit: CSV_PAGE_ROWS });
    if (page.length === 0) return;
    let out = '';
    for (const e of page) {
      const link = e.link_id === null ? undefined : links.get(e.link_id);
      out += csvLine([
        profileId,
        e.created_at,
        e.link_id ?? '',
        link?.name ?? '',
        link?.url ?? '',
        e.source,
        e.verdict,
        e.device,
        e.referrer_host ?? '',
      ]);
    }
    const last = page[page.length - 1];
    after = { createdAt: last.created_at, id: last.id };
    yield out;
    if (page.length < CSV_PAGE_ROWS) return;
  }
}

type ConversionCursor = { at: string; id: string };

/** One page of a profile's conversions after `after` (conversions_profile_time_idx, keyset). */
function readConversionPage(reader: Db, profileId: string, after: ConversionCursor | null) {
  return reader
    .selectFrom('conversions')
    .select([
      'id',
      'created_at',
      'txid',
      'refunded_at',
      'amount_minor',
      'currency',
      'attributed',
      'click_id',
      'click_at',
      'link_id',
      'source',
      'via',
    ])
    .where('user_id', '=', profileId)
    .$if(after !== null, (q) => q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after?.at ?? '', after?.id ?? ''))))
    .orderBy('created_at')
    .orderBy('id')
    .limit(CSV_PAGE_ROWS)
    .execute();
}

/** A profile's conversions, oldest first, a page of CSV lines at a time. */
export async function* conversionPages(reader: Db, profileId: string): AsyncGenerator<string> {
  let after: ConversionCursor | null = null;
  for (;;) {
    const page = await readConversionPage(reader, profileId, after);
    if (page.length === 0) return;
    let out = '';
    for (const r of page) {
      out += csvLine([
        profileId,
        r.created_at,
        r.txid,
        r.refunded_at ? 'refunded' : 'approved',
        formatMinor(Number(r.amount_minor), r.currency),
        r.currency,
        Number(r.attributed) ? 'yes' : 'no',
        r.click_id ?? '',
        r.click_at ?? '',
        r.link_id ?? '',
        r.source ?? '',
        r.via,
      ]);
    }
    const last = page[page.length - 1];
    after = { at: last.created_at, id: last.id };
    yield out;
    if (page.length < CSV_PAGE_ROWS) return;
  }
}
