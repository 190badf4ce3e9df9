/** Issue 15 stats as other modules see them (the public REST API, issue 31, answers the same reads). */
export { statsRoutes } from './stats.routes';
export { getSeries, requireSeriesLink } from './get-series';
export { getSummary } from './get-summary';
export { readLinkNames } from './link-names.repository';
export { parseRange, parseZone, slotRange } from './stats-range';
/** Issue 33: the account export (account-data) pages raw events and writes cells the same way. */
export { readEventPage, type PageCursor } from './click-events-page.repository';
export { pagedCsv } from './paged-csv';
export { csvCell, csvLine } from './csv-cell';
export { readConversionPage, type ConversionCursor } from './conversions-page.repository';
export { conversionCells } from './conversions-csv';
