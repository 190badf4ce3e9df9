/** The answer to a link id that names no link of the profile (the click path says the same). */
export const LINK_NOT_FOUND = 'Link not found.';
