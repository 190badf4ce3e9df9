/** Issue 31: the public REST API (/api/v1) as the app registers it. */
export { publicApi } from './public-api';
