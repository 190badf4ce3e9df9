/** The answer to an id that names no account (spec §8), shared by every feature that looks one up. */
export const USER_NOT_FOUND = 'User not found.';
