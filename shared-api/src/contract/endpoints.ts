import { Type, type TSchema } from '@sinclair/typebox';
import { paths, type CallPath } from '../paths';
import { statsPaths } from '../paths/stats';
import { apiKeyPaths } from '../paths/api-keys';
import { ApiKeyParams, ApiKeysOk, CreateApiKeyBody, CreateApiKeyOk, RevokeApiKeyOk } from './api-keys';
import { webhookPaths } from '../paths/webhooks';
import { CreateWebhookBody, TestWebhookOk, WebhookDeliveriesOk, WebhookOk, WebhookParams, WebhookSecretOk, WebhooksOk } from './webhooks';
import { conversionPaths } from '../paths/conversions';
import { vanityPaths } from '../paths/vanity';
import { auditPaths } from '../paths/audit';
import { sessionPaths } from '../paths/sessions';
import { twoFactorPaths } from '../paths/two-factor';
import { accountDataPaths } from '../paths/account-data';
import { AccountExport, DeleteAccountBody } from './account-data';
import {
  AdminLoginChallenge,
  AdminLoginCodeBody,
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  EnableTwoFactorOk,
  TwoFactorSetup,
  TwoFactorState,
} from './two-factor';
import { RevokeOtherSessionsOk, RevokeSessionOk, SessionParams, SessionsOk } from './sessions';
import { ActivityPage, ActivityQuery, SecurityEventsOk } from './audit';
import { ErrorBody, MessageOk, StatusMessage } from './common';
import {
  AboutProfile,
  ChangeEmailBody,
  ChangePasswordBody,
  ChangePasswordOk,
  ConfirmEmailBody,
  CreateSubProfileBody,
  DeleteSubProfileBody,
  CreateSubProfileOk,
  ForgotPasswordBody,
  GetSubProfileOk,
  LoginBody,
  LoginOk,
  ResetPasswordBody,
  SignupBody,
  SubProfilesOk,
  SubProfilesQuery,
  UpdateProfileBody,
  UpdateSubProfileBody,
  User,
  UserIdParams,
} from './auth';
import {
  AddLinkBody,
  AddLinkOk,
  CheckLinkOk,
  PauseLinkBody,
  PauseLinkOk,
  IncrementClicksBody,
  IncrementClicksOk,
  LinkActionBody,
  LinkLists,
  MemberLinkLists,
  ReorderLinksBody,
  ReorderLinksOk,
  UpdateLinkBody,
  UpdateLinkOk,
  UserIdQuery,
  UserLinksOk,
} from './links';
import type { Access } from './access';
import { RotatorSettings, UpdateRotatorBody, UpdateRotatorOk } from './rotator';
import { CreateSessionBody, CreateSessionOk, PaymentSuccessBody, PaymentSuccessOk } from './payment';
import {
  AdminLoginBody,
  AdminLoginOk,
  AdminUserDetails,
  AllUsersOk,
  AllUsersQuery,
  UpdateUserBody,
  UpdateUserOk,
  UserDeleteBody,
} from './admin';
import {
  AdminUserStats,
  ClicksCsv,
  StatsProfiles,
  StatsProfilesQuery,
  StatsRangeQuery,
  StatsSeries,
  StatsSeriesQuery,
  StatsSummary,
} from './stats';
import {
  ConversionSettings,
  RecentConversions,
  RecentConversionsQuery,
  RotatePostbackKeyBody,
  UpdateConversionSettingsBody,
} from './conversions';
import {
  AddDomainBody,
  AllowedDomainOk,
  AllowedDomainQuery,
  DomainOk,
  DomainState,
  HandleState,
  MyHandles,
  ResolvedProfile,
  ResolveHandleQuery,
  ResolveHostQuery,
  UpdateHandleBody,
  UpdateHandleOk,
} from './vanity';

export interface Endpoint extends CallPath {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** The success answer; its status code is the key of `response` (and 304 for a conditional read). */
  response: Record<number, TSchema>;
  /** Issue 31: the permission the call needs and the field naming its profile; every call with a token declares one. */
  access?: Access;
  /** OpenAPI: one line and, when it needs more, a paragraph (the /api/v1 document shows every call with both). */
  summary?: string;
  description?: string;
}

const e = <T extends Endpoint>(x: T) => x;

/** 304 of a conditional read (issue 15 live counts): the If-None-Match ETag is still current; no body. */
const NotModified = Type.Null({ description: 'Not Modified: the ETag sent in If-None-Match is current' });

/** The 25 calls of spec §7, with the answers of DESIGN §7, and the calls later issues added. Paths and names are the contract, typos included. */
export const endpoints = {
  login: e({ ...paths.login, body: LoginBody, response: { 200: LoginOk } }),
  signup: e({ ...paths.signup, body: SignupBody, response: { 201: StatusMessage } }),
  forgotPassword: e({ ...paths.forgotPassword, body: ForgotPasswordBody, response: { 200: StatusMessage } }),
  resetPassword: e({ ...paths.resetPassword, body: ResetPasswordBody, response: { 200: StatusMessage } }),
  getProfile: e({ ...paths.getProfile, access: { permission: 'profile:read', profile: 'self' }, response: { 200: User } }),
  getSubProfiles: e({
    ...paths.getSubProfiles,
    access: { permission: 'sub-profiles:read', profile: 'self' },
    querystring: SubProfilesQuery,
    response: { 200: SubProfilesOk },
  }),
  getAboutProfile: e({
    ...paths.getAboutProfile,
    access: { permission: 'profile:read', profile: 'self' },
    response: { 200: AboutProfile },
  }),
  updateProfile: e({
    ...paths.updateProfile,
    access: { permission: 'profile:write', profile: 'self' },
    body: UpdateProfileBody,
    response: { 200: MessageOk },
  }),
  createSubProfile: e({
    ...paths.createSubProfile,
    access: { permission: 'sub-profiles:create', profile: 'self' },
    body: CreateSubProfileBody,
    response: { 201: CreateSubProfileOk },
  }),
  getSubProfile: e({
    ...paths.getSubProfile,
    access: { permission: 'sub-profiles:read', profile: { in: 'params', name: 'userId' } },
    params: UserIdParams,
    response: { 200: GetSubProfileOk },
  }),
  updateSubProfile: e({
    ...paths.updateSubProfile,
    access: { permission: 'sub-profiles:write', profile: { in: 'body', name: 'userId' } },
    body: UpdateSubProfileBody,
    response: { 200: StatusMessage },
  }),
  /** Issue 13: a member deletes one of its sub-profiles (and so its links). */
  deleteSubProfile: e({
    ...paths.deleteSubProfile,
    access: { permission: 'sub-profiles:delete', profile: { in: 'body', name: 'userId' } },
    body: DeleteSubProfileBody,
    response: { 200: StatusMessage },
  }),
  /** Issue 13: account settings. */
  changePassword: e({
    ...paths.changePassword,
    access: { permission: 'account:write', profile: 'self' },
    body: ChangePasswordBody,
    response: { 200: ChangePasswordOk },
  }),
  changeEmail: e({
    ...paths.changeEmail,
    access: { permission: 'account:write', profile: 'self' },
    body: ChangeEmailBody,
    response: { 200: StatusMessage },
  }),
  confirmEmail: e({ ...paths.confirmEmail, body: ConfirmEmailBody, response: { 200: StatusMessage } }),
  createPaymentSession: e({
    ...paths.createPaymentSession,
    access: { permission: 'payment', profile: 'self' },
    body: CreateSessionBody,
    response: { 200: CreateSessionOk },
  }),
  verifyPayment: e({
    ...paths.verifyPayment,
    access: { permission: 'payment', profile: 'self' },
    body: PaymentSuccessBody,
    response: { 200: PaymentSuccessOk },
  }),
  getPublicLinks: e({ ...paths.getPublicLinks, querystring: UserIdQuery, response: { 200: LinkLists } }),
  getPublicProfile: e({ ...paths.getPublicProfile, querystring: UserIdQuery, response: { 200: AboutProfile } }),
  incrementClicks: e({ ...paths.incrementClicks, body: IncrementClicksBody, response: { 200: IncrementClicksOk } }),
  /** Spec §7 lists it without a token; the member pages send theirs anyway and it answers the same lists. */
  getMemberLinks: e({
    ...paths.getMemberLinks,
    access: { permission: 'links:read', profile: { in: 'query', name: 'user_id' }, optional: true },
    querystring: UserIdQuery,
    response: { 200: MemberLinkLists, 304: NotModified },
  }),
  addLink: e({
    ...paths.addLink,
    access: { permission: 'links:write', profile: { in: 'body', name: 'user_id' } },
    body: AddLinkBody,
    response: { 201: AddLinkOk },
  }),
  resetLink: e({
    ...paths.resetLink,
    access: { permission: 'links:write', profile: { in: 'body', name: 'user_id' } },
    body: LinkActionBody,
    response: { 200: MessageOk },
  }),
  deleteLink: e({
    ...paths.deleteLink,
    access: { permission: 'links:write', profile: { in: 'body', name: 'user_id' } },
    body: LinkActionBody,
    response: { 200: MessageOk },
  }),
  /** Issue 13: edit a link, reorder the queue. */
  updateLink: e({
    ...paths.updateLink,
    access: { permission: 'links:write', profile: { in: 'body', name: 'user_id' } },
    body: UpdateLinkBody,
    response: { 200: UpdateLinkOk },
  }),
  reorderLinks: e({
    ...paths.reorderLinks,
    access: { permission: 'links:write', profile: { in: 'body', name: 'user_id' } },
    body: ReorderLinksBody,
    response: { 200: ReorderLinksOk },
  }),
  /** Issue 16: pause / resume a link, check its destination now. */
  pauseLink: e({
    ...paths.pauseLink,
    access: { permission: 'links:write', profile: { in: 'body', name: 'user_id' } },
    body: PauseLinkBody,
    response: { 200: PauseLinkOk },
  }),
  checkLink: e({
    ...paths.checkLink,
    access: { permission: 'links:write', profile: { in: 'body', name: 'user_id' } },
    body: LinkActionBody,
    response: { 200: CheckLinkOk },
  }),
  /** Issue 14: the profile's rotator link and its settings (owner only). */
  getRotatorSettings: e({
    ...paths.getRotatorSettings,
    access: { permission: 'rotator:read', profile: { in: 'query', name: 'user_id' } },
    querystring: UserIdQuery,
    response: { 200: RotatorSettings },
  }),
  updateRotatorSettings: e({
    ...paths.updateRotatorSettings,
    access: { permission: 'rotator:write', profile: { in: 'body', name: 'user_id' } },
    body: UpdateRotatorBody,
    response: { 200: UpdateRotatorOk },
  }),
  /** Issue 15: click analytics (owner of the profile or admin), answered from roll-ups; the CSV streams raw events. */
  getStatsSummary: e({
    ...statsPaths.getStatsSummary,
    access: { permission: 'stats:read', profile: { in: 'query', name: 'user_id' } },
    querystring: StatsRangeQuery,
    response: { 200: StatsSummary, 304: NotModified },
  }),
  getStatsSeries: e({
    ...statsPaths.getStatsSeries,
    access: { permission: 'stats:read', profile: { in: 'query', name: 'user_id' } },
    querystring: StatsSeriesQuery,
    response: { 200: StatsSeries, 304: NotModified },
  }),
  downloadClicksCsv: e({
    ...statsPaths.downloadClicksCsv,
    access: { permission: 'stats:read', profile: { in: 'query', name: 'user_id' } },
    querystring: StatsRangeQuery,
    response: { 200: ClicksCsv },
  }),
  /** The member's profiles' clicks in one call (the dashboard's live counts), from roll-ups too. */
  getStatsProfiles: e({
    ...statsPaths.getStatsProfiles,
    access: { permission: 'stats:read', profile: { in: 'query', name: 'user_id', orSelf: true } },
    querystring: StatsProfilesQuery,
    response: { 200: StatsProfiles, 304: NotModified },
  }),
  /** Issue 31: the member's API keys (the account page); a key itself cannot manage keys. */
  listApiKeys: e({ ...apiKeyPaths.listApiKeys, access: { permission: 'api-keys:manage', profile: 'self' }, response: { 200: ApiKeysOk } }),
  createApiKey: e({
    ...apiKeyPaths.createApiKey,
    access: { permission: 'api-keys:manage', profile: 'self' },
    body: CreateApiKeyBody,
    response: { 201: CreateApiKeyOk },
  }),
  revokeApiKey: e({
    ...apiKeyPaths.revokeApiKey,
    access: { permission: 'api-keys:manage', profile: 'self' },
    params: ApiKeyParams,
    response: { 200: RevokeApiKeyOk },
  }),
  /** Issue 31: the account's outgoing webhook endpoints (the account page); its member only. */
  listWebhooks: e({
    ...webhookPaths.listWebhooks,
    access: { permission: 'webhooks:manage', profile: 'self' },
    response: { 200: WebhooksOk },
  }),
  createWebhook: e({
    ...webhookPaths.createWebhook,
    access: { permission: 'webhooks:manage', profile: 'self' },
    body: CreateWebhookBody,
    response: { 201: WebhookSecretOk },
  }),
  deleteWebhook: e({
    ...webhookPaths.deleteWebhook,
    access: { permission: 'webhooks:manage', profile: 'self' },
    params: WebhookParams,
    response: { 200: MessageOk },
  }),
  enableWebhook: e({
    ...webhookPaths.enableWebhook,
    access: { permission: 'webhooks:manage', profile: 'self' },
    params: WebhookParams,
    response: { 200: WebhookOk },
  }),
  rotateWebhookSecret: e({
    ...webhookPaths.rotateWebhookSecret,
    access: { permission: 'webhooks:manage', profile: 'self' },
    params: WebhookParams,
    response: { 200: WebhookSecretOk },
  }),
  sendTestWebhook: e({
    ...webhookPaths.sendTestWebhook,
    access: { permission: 'webhooks:manage', profile: 'self' },
    params: WebhookParams,
    response: { 202: TestWebhookOk },
  }),
  listWebhookDeliveries: e({
    ...webhookPaths.listWebhookDeliveries,
    access: { permission: 'webhooks:manage', profile: 'self' },
    params: WebhookParams,
    response: { 200: WebhookDeliveriesOk },
  }),
  /** Issue 30: a profile's postback key and conversion settings (owner only), its recent conversions, their CSV. */
  getConversionSettings: e({
    ...conversionPaths.getConversionSettings,
    access: { permission: 'rotator:read', profile: { in: 'query', name: 'user_id' } },
    querystring: UserIdQuery,
    response: { 200: ConversionSettings },
  }),
  updateConversionSettings: e({
    ...conversionPaths.updateConversionSettings,
    access: { permission: 'rotator:write', profile: { in: 'body', name: 'user_id' } },
    body: UpdateConversionSettingsBody,
    response: { 200: ConversionSettings },
  }),
  rotatePostbackKey: e({
    ...conversionPaths.rotatePostbackKey,
    access: { permission: 'rotator:write', profile: { in: 'body', name: 'user_id' } },
    body: RotatePostbackKeyBody,
    response: { 200: ConversionSettings },
  }),
  getRecentConversions: e({
    ...conversionPaths.getRecentConversions,
    access: { permission: 'stats:read', profile: { in: 'query', name: 'user_id' } },
    querystring: RecentConversionsQuery,
    response: { 200: RecentConversions },
  }),
  downloadConversionsCsv: e({
    ...conversionPaths.downloadConversionsCsv,
    access: { permission: 'stats:read', profile: { in: 'query', name: 'user_id' } },
    querystring: StatsRangeQuery,
    response: { 200: ClicksCsv },
  }),
  /** Issue 32: vanity handles and custom domains. */
  getHandle: e({
    ...vanityPaths.getHandle,
    access: { permission: 'rotator:read', profile: { in: 'query', name: 'user_id' } },
    querystring: UserIdQuery,
    response: { 200: HandleState },
  }),
  updateHandle: e({
    ...vanityPaths.updateHandle,
    access: { permission: 'rotator:write', profile: { in: 'body', name: 'user_id' } },
    body: UpdateHandleBody,
    response: { 200: UpdateHandleOk },
  }),
  getMyHandles: e({ ...vanityPaths.getMyHandles, access: { permission: 'profile:read', profile: 'self' }, response: { 200: MyHandles } }),
  resolveHandle: e({ ...vanityPaths.resolveHandle, querystring: ResolveHandleQuery, response: { 200: ResolvedProfile } }),
  resolveHost: e({ ...vanityPaths.resolveHost, querystring: ResolveHostQuery, response: { 200: ResolvedProfile } }),
  getDomain: e({ ...vanityPaths.getDomain, access: { permission: 'profile:read', profile: 'self' }, response: { 200: DomainState } }),
  addDomain: e({
    ...vanityPaths.addDomain,
    access: { permission: 'profile:write', profile: 'self' },
    body: AddDomainBody,
    response: { 200: DomainOk },
  }),
  verifyDomain: e({ ...vanityPaths.verifyDomain, access: { permission: 'profile:write', profile: 'self' }, response: { 200: DomainOk } }),
  removeDomain: e({ ...vanityPaths.removeDomain, access: { permission: 'profile:write', profile: 'self' }, response: { 200: DomainOk } }),
  allowedDomain: e({ ...vanityPaths.allowedDomain, querystring: AllowedDomainQuery, response: { 200: AllowedDomainOk } }),
  /** Issue 33: an admin with two-factor sign-in on gets a challenge for the code step instead of the token. */
  adminLogin: e({ ...paths.adminLogin, body: AdminLoginBody, response: { 200: Type.Union([AdminLoginOk, AdminLoginChallenge]) } }),
  adminLoginCode: e({ ...twoFactorPaths.adminLoginCode, body: AdminLoginCodeBody, response: { 200: AdminLoginOk } }),
  getTwoFactor: e({ ...twoFactorPaths.getTwoFactor, access: { permission: 'admin:two-factor' }, response: { 200: TwoFactorState } }),
  startTwoFactor: e({ ...twoFactorPaths.startTwoFactor, access: { permission: 'admin:two-factor' }, response: { 200: TwoFactorSetup } }),
  enableTwoFactor: e({
    ...twoFactorPaths.enableTwoFactor,
    access: { permission: 'admin:two-factor' },
    body: EnableTwoFactorBody,
    response: { 200: EnableTwoFactorOk },
  }),
  disableTwoFactor: e({
    ...twoFactorPaths.disableTwoFactor,
    access: { permission: 'admin:two-factor' },
    body: DisableTwoFactorBody,
    response: { 200: MessageOk },
  }),
  /** Issue 12: paged and searched on the server when asked; bounded to 1,000 when not. */
  getAllUsers: e({
    ...paths.getAllUsers,
    access: { permission: 'users:admin' },
    querystring: AllUsersQuery,
    response: { 200: AllUsersOk },
  }),
  /** Issue 12: one user for /user-details (membership, links, sub-profiles). */
  getAdminUser: e({
    ...paths.getAdminUser,
    access: { permission: 'users:admin' },
    params: UserIdParams,
    response: { 200: AdminUserDetails },
  }),
  deleteUser: e({ ...paths.deleteUser, access: { permission: 'users:admin' }, body: UserDeleteBody, response: { 200: MessageOk } }),
  getUserLinks: e({ ...paths.getUserLinks, access: { permission: 'users:admin' }, params: UserIdParams, response: { 200: UserLinksOk } }),
  updateUser: e({
    ...paths.updateUser,
    access: { permission: 'users:admin' },
    params: UserIdParams,
    body: UpdateUserBody,
    response: { 200: UpdateUserOk },
  }),
  /** Issue 15: the admin's user details show the member's click totals. */
  getAdminUserStats: e({
    ...statsPaths.getAdminUserStats,
    access: { permission: 'users:admin' },
    params: UserIdParams,
    response: { 200: AdminUserStats, 304: NotModified },
  }),
  /** Issue 33: the audit log for the admin's Activity page, and a member's own security events. */
  getActivity: e({
    ...auditPaths.getActivity,
    access: { permission: 'users:admin' },
    querystring: ActivityQuery,
    response: { 200: ActivityPage },
  }),
  getSecurityEvents: e({
    ...auditPaths.getSecurityEvents,
    access: { permission: 'account:security', profile: 'self' },
    response: { 200: SecurityEventsOk },
  }),
  /** Issue 33: the account's signed-in sessions; sign one out, or all but the caller's. */
  listSessions: e({
    ...sessionPaths.listSessions,
    access: { permission: 'account:security', profile: 'self' },
    response: { 200: SessionsOk },
  }),
  revokeSession: e({
    ...sessionPaths.revokeSession,
    access: { permission: 'account:security', profile: 'self' },
    params: SessionParams,
    response: { 200: RevokeSessionOk },
  }),
  revokeOtherSessions: e({
    ...sessionPaths.revokeOtherSessions,
    access: { permission: 'account:security', profile: 'self' },
    response: { 200: RevokeOtherSessionsOk },
  }),
  /** Issue 33: the member's own data as one zip, and the account's deletion (decision 0145). */
  exportAccount: e({
    ...accountDataPaths.exportAccount,
    access: { permission: 'account:data', profile: 'self' },
    response: { 200: AccountExport },
  }),
  deleteAccount: e({
    ...accountDataPaths.deleteAccount,
    access: { permission: 'account:data', profile: 'self' },
    body: DeleteAccountBody,
    response: { 200: StatusMessage },
  }),
} as const;

/** Error answers every route may give (DESIGN §7), for OpenAPI and serialisation. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  503: ErrorBody,
} as const;

/** Each dependency the server checks in GET /healthz: the database always, Redis and SMTP when configured. */
const HealthChecks = Type.Object({
  database: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  redis: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('down')])),
  smtp: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('down')])),
});
/** GET /healthz and /readyz, 200. */
export const HealthOk = Type.Object({ status: Type.Literal('ok'), checks: HealthChecks });
/** GET /healthz and /readyz, 503: which parts are down, and the error body every 503 has. */
export const HealthDown = Type.Object({
  status: Type.Literal('unavailable'),
  checks: HealthChecks,
  down: Type.Array(Type.String()),
  error: Type.String(),
  message: Type.String(),
  code: Type.Literal('unavailable'),
});
