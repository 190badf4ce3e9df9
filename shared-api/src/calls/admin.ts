import type {
  AdminLoginBody,
  AdminLoginChallenge,
  AdminLoginOk,
  AdminUserDetails,
  AllUsersList,
  AllUsersPage,
  MessageOk,
  UpdateUserBody,
  UpdateUserOk,
  UserLinksOk,
} from '../contract';
import { paths, usersPageQuery } from '../paths';
import { call } from '../http';

/** Issue 33: an admin with two-factor sign-in on gets a challenge for the code step (live: adminLoginCode) instead. */
export const adminLogin = (body: AdminLoginBody) => call<AdminLoginOk | AdminLoginChallenge>(paths.adminLogin, { body });
/** Spec §7's call as it was: the array (issue 12: the newest 1,000 members at most). */
export const getAllUsers = () => call<AllUsersList>(paths.getAllUsers);

export interface UsersPageQuery {
  /** From 1. */
  page: number;
  /** 1–100 (ADMIN_LIST.maxPageSize). */
  pageSize?: number;
  /** Part of an email (spec §9); empty or blank = every member. */
  q?: string;
}
/** Issue 12: one page of the members, searched on the server, with the total. */
export function getUsersPage(place: UsersPageQuery) {
  return call<AllUsersPage>(paths.getAllUsers, { query: usersPageQuery(place) });
}
/** Issue 12: one user for /user-details — membership, links and sub-profiles. */
export const getAdminUser = (userId: string) => call<AdminUserDetails>(paths.getAdminUser, { params: { userId } });
export const deleteUser = (userId: string) => call<MessageOk>(paths.deleteUser, { body: { user_id: userId } });
export const getUserLinks = (userId: string) => call<UserLinksOk>(paths.getUserLinks, { params: { userId } });
export const updateUser = (userId: string, body: UpdateUserBody) => call<UpdateUserOk>(paths.updateUser, { params: { userId }, body });

/** Spec §7: updateUser dates travel as 'YYYY-MM-DD HH:mm:ss' (UTC). */
export function formatAdminDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}
