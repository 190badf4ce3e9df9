import {
  PLAN,
  type CreateSubProfileBody,
  type SubProfilesOk,
  type SubProfilesQuery,
  type UpdateSubProfileBody,
} from '@rotalink/shared-api/contract';
import type { Principal } from '../../access/principal';
import { requirePermission } from '../../access/require-access';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/database';
import { forUpdate, isUniqueViolation } from '../../db/dialect-sql';
import { newId, nowIso } from '../../db/ids';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { EMAIL_TAKEN } from '../auth';
import { setNewPassword } from '../account';
import { useAllResets } from '../password-reset';
import { USER_NOT_FOUND } from '../users';
import { userRowToSubProfile } from '../users';
import { deleteAccount } from '../users';
import type { MailDeps } from '../mail';
import { askToConfirmSubProfileEmail } from './sub-profile-email';
import { actorOf, recordAudit } from '../audit';
import { countSubProfiles, findUserByEmail, findUserById, insertUser, listSubProfiles, normaliseEmail, updateUser } from '../users';
import type { UserRow } from '../users';

/** Who may do what to a sub-profile is the access module's (issue 31); its texts live there. */
export { SUB_CANNOT_CHANGE_SIGN_IN, SUB_CANNOT_DELETE, SUB_OF_SUB } from '../../access/grants';
export const NOT_A_SUB_PROFILE = 'This is not a sub-profile. Edit your own profile on the profile page.';
export const NOT_A_SUB_PROFILE_TO_DELETE = 'This is not a sub-profile: only sub-profiles can be deleted here.';
export const SUB_PROFILE_LIMIT = `A member can have at most ${PLAN.subProfilesPerMember} sub-profiles.`;

/** '' means "no email" (the form sends it when the optional field is left empty). */
const optionalEmail = (email: string | undefined) => (email ? normaliseEmail(email) : null);

async function assertEmailFree(db: Db, email: string | null, exceptId?: string): Promise<void> {
  if (!email) return;
  const other = await findUserByEmail(db, email);
  if (other && other.id !== exceptId) throw new Conflict(EMAIL_TAKEN, 'email-taken');
}

const memberName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

/**
 * Only a member creates sub-profiles (the access check refuses a sub-profile's own session,
 * issue 31); they belong to that member, at most PLAN.subProfilesPerMember of them (issue 11: each has its own 20 links, so
 * without a cap one plan had no link limit). The member's row is locked while counting
 * (PostgreSQL; SQLite serialises writes), so simultaneous creations cannot pass the cap.
 */
export async function createSubProfile(opts: { db: Db; mail: MailDeps; memberId: string; body: CreateSubProfileBody }): Promise<string> {
  const { db, memberId, body } = opts;
  const email = optionalEmail(body.email);
  await assertEmailFree(db, email);
  // Hashing takes tens of ms of CPU: before the transaction, so no lock waits on it.
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const id = newId();
  try {
    await db.transaction().execute(async (trx) => {
      const parent = await forUpdate(
        trx,
        trx.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', '=', memberId),
      ).executeTakeFirst();
      // Deleted since the access check: the same answer as a token of a deleted account would get.
      if (!parent) throw new NotFound(USER_NOT_FOUND);
      if ((await countSubProfiles(trx, parent.id)) >= PLAN.subProfilesPerMember) throw new Conflict(SUB_PROFILE_LIMIT, 'sub-profile-limit');
      const now = nowIso();
      const firstName = body.firstName.trim();
      await insertUser(trx, {
        id,
        parent_id: parent.id,
        email,
        // Not the sub-profile's until the mailed link is opened (issue 33).
        email_pending_since: email ? now : null,
        password_hash: passwordHash,
        first_name: firstName,
        last_name: body.lastName.trim(),
        phone: body.phone.trim(),
      });
      if (email) await askToConfirmSubProfileEmail(trx, opts.mail, { id, email, firstName, memberName: memberName(parent) }, now);
    });
    if (email) opts.mail.outbox.wake();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN, 'email-taken');
    throw err;
  }
  return id;
}

/**
 * GET sub-profiles: the whole list (at most the cap) as before, or a page of it with the total
 * when `page` or `pageSize` is given.
 */
export async function listOwnSubProfiles(db: Db, memberId: string, query: SubProfilesQuery): Promise<SubProfilesOk> {
  if (query.page === undefined && query.pageSize === undefined) {
    const rows = await listSubProfiles(db, memberId, { limit: PLAN.subProfilesPerMember });
    return { subProfiles: rows.map(userRowToSubProfile) };
  }
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? PLAN.subProfilesPerMember);
  const [rows, total] = await Promise.all([
    listSubProfiles(db, memberId, { limit: pageSize, offset: (page - 1) * pageSize }),
    countSubProfiles(db, memberId),
  ]);
  return { subProfiles: rows.map(userRowToSubProfile), page, pageSize, total };
}

/** The granted profile (issue 31: the access check loaded it) must be a sub-profile. */
export function asSubProfile(row: UserRow): UserRow {
  if (row.parent_id === null) throw new Forbidden(NOT_A_SUB_PROFILE);
  return row;
}

export async function updateSubProfile(opts: {
  db: Db;
  mail: MailDeps;
  principal: Principal;
  profile: UserRow;
  body: UpdateSubProfileBody;
  ipHash?: string | null;
}): Promise<void> {
  const { db, body } = opts;
  const row = asSubProfile(opts.profile);
  const email = optionalEmail(body.email);
  const signInChanges = email !== row.email || Boolean(body.password);
  // The sign-in of a sub-profile is its member's to set: its own session (no current password, no
  // mailed link) must not be enough to move it to another address or password for good.
  if (signInChanges) requirePermission(opts.principal, 'sub-profiles:sign-in');
  await assertEmailFree(db, email, row.id);
  const emailChanges = email !== row.email;
  const now = nowIso();
  const changes = {
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    phone: body.phone.trim(),
    email,
    // A new address waits for its confirmation (issue 33); the same one keeps its state.
    ...(emailChanges ? { email_pending_since: email ? now : null } : {}),
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.slogan !== undefined ? { slogan: body.slogan } : {}),
    ...(body.about !== undefined ? { about: body.about } : {}),
  };
  // '' or absent keeps the password. Hashed before the transaction: no lock waits on argon2.
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  try {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, row.id, changes);
      if (emailChanges && email) {
        const parent = await findUserById(trx, row.parent_id as string);
        const who = { id: row.id, email, firstName: changes.first_name, memberName: parent ? memberName(parent) : '' };
        await askToConfirmSubProfileEmail(trx, opts.mail, who, now);
      }
      // A new password is what every new password does: older sessions and reset links end.
      if (passwordHash) {
        await setNewPassword(trx, row.id, passwordHash, now);
        await recordAudit(trx, {
          action: 'member.password-changed',
          actor: actorOf(opts.principal),
          targetId: row.id,
          ipHash: opts.ipHash ?? null,
        });
      }
      // Reset links went to the old address: void.
      else if (signInChanges) await useAllResets(trx, row.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN, 'email-taken');
    throw err;
  }
  if (emailChanges && email) opts.mail.outbox.wake();
}

/**
 * POST /api/auth/deletesubprofile (issue 13): a member deletes one of its own sub-profiles; its
 * links, pending email changes and reset tokens go with it (ON DELETE CASCADE), and its sessions
 * end (a token of a deleted account answers 'Unauthorized: jwt expired'). A sub-profile signed in
 * on its own can delete neither itself nor its siblings.
 */
export async function deleteSubProfile(opts: { db: Db; profile: UserRow }): Promise<void> {
  const row = opts.profile;
  if (row.parent_id === null) throw new Forbidden(NOT_A_SUB_PROFILE_TO_DELETE);
  // Deleted by a concurrent call in the meantime: the same answer as an unknown id.
  // Locked in the click order first (users/delete-account.ts), so it cannot deadlock with clicks.
  if (!(await deleteAccount(opts.db, row.id))) throw new NotFound(USER_NOT_FOUND);
}
