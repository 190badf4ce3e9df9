/** The rotator link's settings API and pages (issue 14); its clicks go through the click ledger (modules/traffic). */
export { rotatorRoutes } from './rotator.routes';
export { rotatorPages } from './rotator-page';
export type { OnFinishValue, RotationModeValue, RotatorRow, RotatorsTable } from './rotators.table';
export { changeRotatorSettings, readRotatorSettings } from './rotator-settings';
