/**
 * Spec §9: a profile's public page is {site}/profile?userId={id}, on the shell's origin; issue 32:
 * {site}/{handle} once the profile has a handle (the id address keeps working).
 */
export function publicProfileUrl(userId: string, handle?: string | null): string {
  if (handle) return `${window.location.origin}/${handle}`;
  return `${window.location.origin}/profile?userId=${encodeURIComponent(userId)}`;
}

/** The in-app path of the link manager for one profile (spec §2: /Addlinks?userId=). */
export function addLinksPath(userId: string): string {
  return `/Addlinks?userId=${encodeURIComponent(userId)}`;
}

export function editSubProfilePath(userId: string): string {
  return `/editsubprofile?userId=${encodeURIComponent(userId)}`;
}

/** The Stats page of one profile (issue 15: /stats?userId=). */
export function statsPath(userId: string): string {
  return `/stats?userId=${encodeURIComponent(userId)}`;
}
