import type { AdminLoginBody, AdminLoginOk, AllUsersOk, MessageOk, UpdateUserBody, UpdateUserOk, UserLinksOk } from '../contract';
import { paths } from '../paths';
import { call } from '../http';

export const adminLogin = (body: AdminLoginBody) => call<AdminLoginOk>(paths.adminLogin, { body });
export const getAllUsers = () => call<AllUsersOk>(paths.getAllUsers);
export const deleteUser = (userId: string) => call<MessageOk>(paths.deleteUser, { body: { user_id: userId } });
export const getUserLinks = (userId: string) => call<UserLinksOk>(paths.getUserLinks, { params: { userId } });
export const updateUser = (userId: string, body: UpdateUserBody) => call<UpdateUserOk>(paths.updateUser, { params: { userId }, body });

/** Spec §7: updateUser dates travel as 'YYYY-MM-DD HH:mm:ss' (UTC). */
export function formatAdminDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}
