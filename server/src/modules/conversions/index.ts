/** Issue 30: what other modules may use of conversions. */
export { CONVERSION_DEFAULTS, findConversionSettings } from './conversion-settings';
export { digitsOf, formatMinor } from './money';
export { conversionsRoutes } from './conversions.routes';
export type { ConversionSettingsTable, ConversionsTable } from './conversions.table';
