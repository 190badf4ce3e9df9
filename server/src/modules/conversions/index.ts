/** Issue 30: what other modules may use of conversions. */
export { CONVERSION_DEFAULTS, findConversionSettings } from './conversion-settings';
export { digitsOf, formatMinor } from './money';
export { conversionsRoutes } from './conversions.routes';
export type { ConversionSettingsTable, ConversionsTable } from './conversions.table';
export { ConversionLimits } from './conversion-limits';
export { CLICK_NOT_FOUND, conversionRecorder } from './conversion-recorder';
export { fieldsOf } from './postback-input';
