import { Type, type Static } from '@sinclair/typebox';
import { MAX_PASSWORD, strict } from './common';

/** Issue 33: GET /api/account/export answers a zip (application/zip), streamed. */
export const AccountExport = Type.String({ description: 'application/zip: profile.json, sub-profiles.json, links.csv, …, README.txt' });

/** POST /api/account/delete: the account's current password, checked like a sign-in. */
export const DeleteAccountBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD }) }, strict);
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
