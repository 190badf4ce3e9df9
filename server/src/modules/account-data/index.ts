/** Issue 33: a member's own data export and account deletion (decision 0145). */
export { accountDataRoutes } from './account-data.routes';
