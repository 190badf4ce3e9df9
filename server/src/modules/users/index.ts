/** The users feature as other modules see it (issue 27: a feature imports another only through its index). */
export { deleteAccount } from './delete-account';
export { USER_NOT_FOUND } from './user-texts';
export { dollarsToCents, isPlanActive, userRowToAbout, userRowToSubProfile, userRowToUser } from './user.mapper';
export {
  countSubProfiles,
  findAboutById,
  findUserByEmail,
  findUserById,
  insertUser,
  listSubProfiles,
  normaliseEmail,
  releasePendingEmail,
  setPasswordEndingSessions,
  updateUser,
} from './users.repository';
export type { UserRow } from './users.table';
