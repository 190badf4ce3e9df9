/** The account feature as other modules see it (issue 27: a feature imports another only through its index). */
export { setNewPassword } from './new-password';
export { accountRoutes } from './account.routes';
