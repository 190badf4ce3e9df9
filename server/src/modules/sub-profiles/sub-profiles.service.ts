import type { CreateSubProfileBody, UpdateSubProfileBody } from '@rotalink/shared-api/contract';
import type { AuthContext } from '../../auth/guards';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect-sql';
import { newId, nowIso } from '../../db/ids';
import { Conflict, Forbidden } from '../../errors';
import { EMAIL_TAKEN } from '../auth/auth.service';
import { loadOwnedProfile } from '../users/ownership';
import { findUserByEmail, findUserById, insertUser, normaliseEmail, updateUser } from '../users/users.repository';
import type { UserRow } from '../users/users.table';

export const SUB_OF_SUB = 'A sub-profile cannot have sub-profiles of its own.';
export const NOT_A_SUB_PROFILE = 'This is not a sub-profile. Edit your own profile on the profile page.';

/** '' means "no email" (the form sends it when the optional field is left empty). */
const optionalEmail = (email: string | undefined) => (email ? normaliseEmail(email) : null);

async function assertEmailFree(db: Db, email: string | null, exceptId?: string): Promise<void> {
  if (!email) return;
  const other = await findUserByEmail(db, email);
  if (other && other.id !== exceptId) throw new Conflict(EMAIL_TAKEN);
}

/** Only a member (not a sub-profile that signed in) creates sub-profiles; they belong to that member. */
export async function createSubProfile(opts: { db: Db; auth: AuthContext; body: CreateSubProfileBody }): Promise<string> {
  const { db, auth, body } = opts;
  const parent = await findUserById(db, auth.userId);
  if (!parent || parent.parent_id !== null) throw new Forbidden(SUB_OF_SUB);
  const email = optionalEmail(body.email);
  await assertEmailFree(db, email);
  const id = newId();
  try {
    await insertUser(db, {
      id,
      parent_id: parent.id,
      email,
      password_hash: body.password ? await hashPassword(body.password) : null,
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
      phone: body.phone.trim(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
  return id;
}

export async function loadSubProfile(opts: { db: Db; auth: AuthContext; userId: string }): Promise<UserRow> {
  const row = await loadOwnedProfile(opts.db, opts.auth, opts.userId);
  if (row.parent_id === null) throw new Forbidden(NOT_A_SUB_PROFILE);
  return row;
}

export async function updateSubProfile(opts: { db: Db; auth: AuthContext; body: UpdateSubProfileBody }): Promise<void> {
  const { db, auth, body } = opts;
  const row = await loadSubProfile({ db, auth, userId: body.userId });
  const email = optionalEmail(body.email);
  await assertEmailFree(db, email, row.id);
  const changes = {
    first_name: body.first_name.trim(),
    last_name: body.last_name.trim(),
    phone: body.phone.trim(),
    email,
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.slogan !== undefined ? { slogan: body.slogan } : {}),
    ...(body.about !== undefined ? { about: body.about } : {}),
    // '' or absent keeps the password; a new one ends the sub-profile's older sessions.
    ...(body.password ? { password_hash: await hashPassword(body.password), tokens_valid_after: nowIso() } : {}),
  };
  try {
    await updateUser(db, row.id, changes);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN);
    throw err;
  }
}
