import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, strict } from './common';

/**
 * Issue 32: vanity handles (`{site}/{handle}`, `{api}/r/{handle}`) and custom domains (a verified
 * hostname serves the member's page at `/` and the rotator at `/go`). Additions only: every
 * route and text of the spec stays as it was.
 */

/** A handle as typed; the server lower-cases it and checks its rules (400 with a message). */
const HandleInput = Type.String({ maxLength: 100 });
const Hostname = Type.String({ minLength: 1, maxLength: 300 });

/** An old handle of the profile that still redirects to it until `frees_at`. */
export const OldHandle = Type.Object({ handle: Type.String(), frees_at: Type.String() });
export type OldHandle = Static<typeof OldHandle>;

export const HandleState = Type.Object({
  user_id: Type.String(),
  /** The current handle, or null (the id URLs are used). */
  handle: Nullable(Type.String()),
  /** `{site}/{handle}` when set, else `{site}/profile?userId={id}`. */
  page_url: Type.String(),
  /** `{api}/r/{handle}` when set, else `{api}/r/{id}`. */
  rotator_url: Type.String(),
  old_handles: Type.Array(OldHandle),
});
export type HandleState = Static<typeof HandleState>;

/** `handle: null` (or '') drops the current handle: it then redirects for 30 days like a changed one. */
export const UpdateHandleBody = Type.Object({ user_id: Id, handle: Nullable(HandleInput) }, strict);
export type UpdateHandleBody = Static<typeof UpdateHandleBody>;
export const UpdateHandleOk = Type.Object({ message: Type.String(), state: HandleState });
export type UpdateHandleOk = Static<typeof UpdateHandleOk>;

/** The current handle of each of the member's profiles that has one (the dashboard's copy buttons and QR codes). */
export const MyHandles = Type.Object({ handles: Type.Record(Type.String(), Type.String()) });
export type MyHandles = Static<typeof MyHandles>;

export const ResolveHandleQuery = Type.Object({ handle: HandleInput }, strict);
export const ResolveHostQuery = Type.Object({ host: Hostname }, strict);
/** Whose public page an address shows; `handle` is the current one (an old handle answers the new). */
export const ResolvedProfile = Type.Object({ user_id: Type.String(), handle: Nullable(Type.String()) });
export type ResolvedProfile = Static<typeof ResolvedProfile>;

export const DOMAIN_STATUSES = ['pending', 'verified'] as const;
export const CustomDomain = Type.Object({
  hostname: Type.String(),
  /** The TXT record to create: its name (`_rotalink.<hostname>`) and its value (the token). */
  txt_name: Type.String(),
  txt_value: Type.String(),
  status: Type.Union(DOMAIN_STATUSES.map((s) => Type.Literal(s))),
  verified_at: Nullable(Type.String()),
  checked_at: Nullable(Type.String()),
  /** `https://<hostname>/` and `https://<hostname>/go`. */
  page_url: Type.String(),
  rotator_url: Type.String(),
});
export type CustomDomain = Static<typeof CustomDomain>;
export const DomainState = Type.Object({ domain: Nullable(CustomDomain) });
export type DomainState = Static<typeof DomainState>;
export const AddDomainBody = Type.Object({ hostname: Hostname }, strict);
export type AddDomainBody = Static<typeof AddDomainBody>;
export const DomainOk = Type.Object({ message: Type.String(), domain: Nullable(CustomDomain) });
export type DomainOk = Static<typeof DomainOk>;

/** The reverse proxy's on-demand TLS question (Caddy `ask`): 200 for a verified domain, 404 otherwise. */
export const AllowedDomainQuery = Type.Object({ domain: Hostname });
export const AllowedDomainOk = Type.Object({ allowed: Type.Literal(true) });
