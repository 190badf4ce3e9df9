/** The account feature as other modules see it (issue 27: a feature imports another only through its index). */
export { setNewPassword } from './new-password';
export { accountRoutes } from './account.routes';
// Issue 33: a sub-profile's address is confirmed through the same link and table.
export { EMAIL_CHANGE_TTL_MS, hashEmailToken } from './change-email';
export { confirmEmailLink } from './email-change-mail';
export { insertEmailChange, useAllEmailChanges } from './email-changes.repository';
/** Issue 33: deleting the account asks for the password the same way (account-data). */
export { checkCurrentPassword, WRONG_CURRENT_PASSWORD } from './current-password';
