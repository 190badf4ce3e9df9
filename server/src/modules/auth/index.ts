/** The auth feature as other modules see it (issue 27: a feature imports another only through its index). */
export { EMAIL_TAKEN } from './auth.service';
