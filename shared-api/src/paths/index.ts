/**
 * `@rotalink/shared-api/paths`: method, path and token kind of each call of spec §7 (and of later issues), and the ONE
 * function that turns a call into its URL. Stateless and free of axios, TypeBox and the token
 * store, so the shell's start-up preloader (which must not load shared modules), the server and
 * the browser client all read the same table.
 */
import { ADMIN_LIST } from '../rules/limits';

export interface CallPath {
  /** PATCH and DELETE: only the public REST API (/api/v1, issue 31); the spec's calls keep theirs. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** ':userId' is a path parameter. */
  url: string;
  /**
   * 'member' = a member's bearer token, 'admin' = the admin's, 'signed-in' = either (the route
   * then checks what that token may see, e.g. the stats of issue 15), 'none' = public.
   */
  auth: 'none' | 'member' | 'admin' | 'signed-in';
}

const p = <T extends CallPath>(x: T) => x;

export const paths = {
  login: p({ method: 'POST', url: '/api/auth/login', auth: 'none' }),
  signup: p({ method: 'POST', url: '/api/auth/signup', auth: 'none' }),
  forgotPassword: p({ method: 'POST', url: '/api/auth/forgot-password', auth: 'none' }),
  resetPassword: p({ method: 'POST', url: '/api/auth/reset-password', auth: 'none' }),
  getProfile: p({ method: 'GET', url: '/api/auth/profile', auth: 'member' }),
  getSubProfiles: p({ method: 'GET', url: '/api/auth/sub-profiles', auth: 'member' }),
  getAboutProfile: p({ method: 'GET', url: '/api/auth/aboutProfile', auth: 'member' }),
  updateProfile: p({ method: 'POST', url: '/api/auth/updateProfile', auth: 'member' }),
  createSubProfile: p({ method: 'POST', url: '/api/auth/subprofile', auth: 'member' }),
  getSubProfile: p({ method: 'GET', url: '/api/auth/getsubprofile/:userId', auth: 'member' }),
  updateSubProfile: p({ method: 'PUT', url: '/api/auth/updatesubprofile', auth: 'member' }),
  deleteSubProfile: p({ method: 'POST', url: '/api/auth/deletesubprofile', auth: 'member' }),
  changePassword: p({ method: 'POST', url: '/api/auth/change-password', auth: 'member' }),
  changeEmail: p({ method: 'POST', url: '/api/auth/change-email', auth: 'member' }),
  confirmEmail: p({ method: 'POST', url: '/api/auth/confirm-email', auth: 'none' }),
  createPaymentSession: p({ method: 'POST', url: '/api/payment/create-session', auth: 'member' }),
  verifyPayment: p({ method: 'POST', url: '/api/payment/payment-success', auth: 'member' }),
  getPublicLinks: p({ method: 'GET', url: '/api/public/userliks', auth: 'none' }),
  getPublicProfile: p({ method: 'GET', url: '/api/public/publicProfile', auth: 'none' }),
  incrementClicks: p({ method: 'POST', url: '/api/public/increment-clicks', auth: 'none' }),
  getMemberLinks: p({ method: 'GET', url: '/api/links/userliks', auth: 'none' }),
  addLink: p({ method: 'POST', url: '/api/links/linkadd', auth: 'member' }),
  resetLink: p({ method: 'POST', url: '/api/links/resetLink', auth: 'member' }),
  deleteLink: p({ method: 'POST', url: '/api/links/deleteLink', auth: 'member' }),
  updateLink: p({ method: 'POST', url: '/api/links/updateLink', auth: 'member' }),
  reorderLinks: p({ method: 'POST', url: '/api/links/reorder', auth: 'member' }),
  pauseLink: p({ method: 'POST', url: '/api/links/pauseLink', auth: 'member' }),
  checkLink: p({ method: 'POST', url: '/api/links/checkLink', auth: 'member' }),
  getRotatorSettings: p({ method: 'GET', url: '/api/links/rotator', auth: 'member' }),
  updateRotatorSettings: p({ method: 'PUT', url: '/api/links/rotator', auth: 'member' }),
  adminLogin: p({ method: 'POST', url: '/api/admin/adminlogin', auth: 'none' }),
  getAllUsers: p({ method: 'GET', url: '/api/admin/allusers', auth: 'admin' }),
  getAdminUser: p({ method: 'GET', url: '/api/admin/users/:userId', auth: 'admin' }),
  deleteUser: p({ method: 'POST', url: '/api/admin/userdelete', auth: 'admin' }),
  getUserLinks: p({ method: 'GET', url: '/api/admin/userslinks/:userId', auth: 'admin' }),
  updateUser: p({ method: 'POST', url: '/api/admin/updateUser/:userId', auth: 'admin' }),
} as const;

export type CallName = keyof typeof paths;

export interface UrlParts {
  /** Values for the path's ':name' parameters (a missing one becomes empty). */
  params?: Record<string, string>;
  /** The query string, in this order. */
  query?: Record<string, string>;
}

/**
 * A query value encoded as the client has always sent it (axios's encoding: ':', '$' and ','
 * stay as they are, a space is '+'), so the URLs on the wire did not change when this builder
 * replaced axios's and the start-up preloader's preloads match the page's own requests byte for byte.
 */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

/**
 * The URL of one call: path parameters filled in (encoded as one segment each), the query encoded
 * and appended, and, when `base` is given, the API's address in front (its trailing slashes dropped).
 */
export function callUrl(path: Pick<CallPath, 'url'>, parts: UrlParts = {}, base = ''): string {
  const params = parts.params ?? {};
  const url = path.url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const query = Object.entries(parts.query ?? {})
    .map(([key, value]) => `${encodeQueryValue(key)}=${encodeQueryValue(value)}`)
    .join('&');
  return `${base.replace(/\/+$/, '')}${url}${query ? `?${query}` : ''}`;
}

/**
 * Issue 12: where the admin is in the member list, read from the dashboard's address
 * (`?q=&page=`): the search trimmed, the page a whole number from 1. The list page and the
 * shell's start-up preloader read it alike, so both ask for the same URL. Read within what the
 * API takes: an old or hand-made address may carry more than the search box lets through, and the
 * server's refusal ("q must be at most 254 characters.") means nothing to an admin. So a longer
 * search is its first 254 characters, and a page past the API's highest is asked as that page
 * (past the end: the list then moves to its last page), as a page of 0 or "abc" is read as 1.
 */
export function adminListPlace(search: string): { page: number; q: string } {
  const params = new URLSearchParams(search);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { q: (params.get('q') ?? '').slice(0, ADMIN_LIST.maxSearch).trim(), page: Math.min(page, ADMIN_LIST.maxPage) };
}

/** The query of one page of the member list, in the order the client sends it (`getUsersPage`). */
export function usersPageQuery({ page, pageSize, q }: { page: number; pageSize?: number; q?: string }): Record<string, string> {
  const query: Record<string, string> = { page: String(page) };
  if (pageSize !== undefined) query.pageSize = String(pageSize);
  const needle = q?.trim();
  if (needle) query.q = needle;
  return query;
}
