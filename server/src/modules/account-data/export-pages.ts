import { CLICKS_CSV_COLUMNS, CONVERSIONS_CSV_COLUMNS } from '@rotalink/shared-api/contract';
import type { Db } from '../../db/database';
import { conversionCells, csvLine, pagedCsv, readConversionPage, readEventPage, type ConversionCursor, type PageCursor } from '../stats';

/** The account's links by id: their names and URLs go beside each click and sale. */
export type LinkCells = Map<string, { name: string; url: string }>;

/** The stats CSVs' columns (issues 15 and 30), with the profile each row belongs to first. */
export const CLICK_EVENT_COLUMNS = ['profile_id', ...CLICKS_CSV_COLUMNS];
export const CONVERSION_COLUMNS = ['profile_id', ...CONVERSIONS_CSV_COLUMNS];

/** Every instant a row can have: the export has no range. */
const ALL_TIME = { from: '0000-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' };

/**
 * A profile's click events, oldest first, one page of CSV lines at a time: the stats CSV's keyset
 * read (click-events-page.repository.ts, decision 0073), so every page costs the same however
 * deep the export is. Never the visitor hash (it comes from the IP), never an IP.
 */
export function clickEventPages(reader: Db, profileId: string, links: LinkCells): AsyncGenerator<string> {
  return pagedCsv({
    read: (after: PageCursor | null, limit) => readEventPage(reader, { userId: profileId, ...ALL_TIME, after, limit }),
    cursorOf: (last) => ({ createdAt: last.created_at, id: last.id }),
    lines: (page) => {
      let out = '';
      for (const e of page) {
        const link = e.link_id === null ? undefined : links.get(e.link_id);
        out += csvLine([profileId, e.created_at, link?.name ?? '', link?.url ?? '', e.source, e.verdict, e.device, e.referrer_host ?? '']);
      }
      return out;
    },
  });
}

/** A profile's conversions, oldest first, a page of CSV lines at a time (the conversions CSV's read and cells). */
export function conversionPages(reader: Db, profileId: string, links: LinkCells): AsyncGenerator<string> {
  return pagedCsv({
    read: (after: ConversionCursor | null, limit) => readConversionPage(reader, { userId: profileId, ...ALL_TIME, after, limit }),
    cursorOf: (last) => ({ at: last.created_at, id: last.id }),
    lines: (page) => page.map((r) => csvLine([profileId, ...conversionCells(r, links)])).join(''),
  });
}
