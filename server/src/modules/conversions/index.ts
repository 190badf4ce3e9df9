/** Issue 30: what other modules may use of conversions. */
export { CONVERSION_DEFAULTS } from './conversion-settings';
export { digitsOf, formatMinor } from './money';
export { mintClickId, clickTimeOf, CLICK_ID_LENGTH } from './click-ids';
export { conversionsRoutes } from './conversions.routes';
export type { ConversionSettingsTable, ConversionsTable } from './conversions.table';
