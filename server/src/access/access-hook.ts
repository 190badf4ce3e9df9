import type { Access, Endpoint } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequest } from '../errors';
import type { UserRow } from '../modules/users';
import { ownProfileId } from './principal';
import { mayAccess, requireAccess, requirePermission } from './require-access';

/** What the access check found, for the handler: the profile it acts on, already checked. */
export interface Granted {
  /** The profile the call acts on (the caller's own for 'self'), null when the call names none. */
  profileId: string | null;
  /** Its row, when the call named it in a field (loaded by the check, so the handler needs no second read). */
  profile: UserRow | null;
  /** On a public call: whether the caller holds the permission on the profile. Otherwise always true. */
  allowed: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    access: Granted;
  }
}

/** The checked profile's row; only on a route whose contract names the profile in a field. */
export function grantedProfile(request: FastifyRequest): UserRow {
  if (!request.access?.profile) throw new Error('this route declares no profile field: the access check loaded none');
  return request.access.profile;
}

/** The checked profile's id (the caller's own for 'self'). */
export function grantedProfileId(request: FastifyRequest): string {
  if (!request.access?.profileId) throw new Error('this route acts on no profile');
  return request.access.profileId;
}

function named(request: FastifyRequest, access: Access): string | undefined {
  const where = access.profile;
  if (where === undefined || where === 'self') return undefined;
  const source = (where.in === 'body' ? request.body : where.in === 'query' ? request.query : request.params) as
    Record<string, unknown> | undefined;
  const value = source?.[where.name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The preHandler of one route (issue 31): after the schema has validated the input and the guard
 * has named the principal, before the handler. Throws the 404/403 of DESIGN §6 (and a key's
 * 403 `scope-missing`); on a public call it only records whether the caller may see more.
 */
export function accessHook(app: FastifyInstance, endpoint: Endpoint) {
  const access = endpoint.access;
  if (!access) {
    if (endpoint.auth !== 'none') throw new Error(`${endpoint.method} ${endpoint.url}: a call with a token must declare its access`);
    return undefined;
  }
  const where = access.profile;
  return async (request: FastifyRequest): Promise<void> => {
    if (access.optional) {
      const id = named(request, access) ?? null;
      const principal = await app.principalIfAny(request);
      const allowed = id !== null && (await mayAccess(app.db, principal, access.permission, id));
      request.access = { profileId: id, profile: null, allowed };
      return;
    }
    const principal = request.principal;
    if (where === undefined) {
      requirePermission(principal, access.permission);
      request.access = { profileId: null, profile: null, allowed: true };
      return;
    }
    if (where === 'self') {
      // The guard has just read the caller's own account: it exists, and it is the caller's.
      requirePermission(principal, access.permission);
      request.access = { profileId: ownProfileId(principal), profile: null, allowed: true };
      return;
    }
    let id = named(request, access);
    if (id === undefined && where.orSelf) {
      id = ownProfileId(principal) ?? undefined;
      // The admin has no profile of its own to default to.
      if (id === undefined) throw new BadRequest(`${where.name} is required with the admin's token.`);
    }
    if (id === undefined) throw new Error(`${endpoint.url}: the schema lets ${where.name} be absent`);
    const profile = await requireAccess(app.db, principal, access.permission, id);
    request.access = { profileId: profile.id, profile, allowed: true };
  };
}
