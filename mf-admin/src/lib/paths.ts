/** A user's details page (spec §2): the id in the address, so a reload or a shared link reads the user again. */
export const userDetailsPath = (userId: string) => `/user-details?userId=${encodeURIComponent(userId)}`;
