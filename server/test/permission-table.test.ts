import {
  API_KEY_SCOPE_GRANTS,
  API_KEY_SCOPES,
  callUrl,
  endpoints,
  v1Endpoints,
  type ApiKeyScope,
  type Endpoint,
  type V1CallName,
} from '@rotalink/shared-api/contract';
import type { LightMyRequestResponse } from 'fastify';
import {
  ADMIN_REQUIRED,
  KEY_CANNOT,
  keyLacksScope,
  MEMBER_REQUIRED,
  NOT_YOUR_PROFILE,
  SUB_CANNOT_DELETE,
  SUB_CANNOT_EXPORT_OR_DELETE,
  SUB_CANNOT_MANAGE_KEYS,
  SUB_CANNOT_MANAGE_WEBHOOKS,
  SUB_OF_SUB,
} from '../src/access/grants';
import { activate, adminToken, bearer, engines, loginMember, signupMember, useTestApp } from './helpers';
import { callers, type Caller, type World } from './permission-world';

/**
 * Issue 31: the permission table. Every call that takes a token (and the one public call that
 * shows its owner more), asked by each kind of caller: the person who owns the profile, that
 * person's sub-profile signed in on its own, another member, the admin (and, once they exist, API
 * keys). A refusal must be exactly the answer the spec's clients know (status, text, code); an
 * allowed call must get past the access check (its own answer, or its own domain error).
 */

type Refusal = { status: number; message: string; code: string };
type Outcome = 'allowed' | Refusal;
const refused = (message: string, status = 403, code = 'forbidden'): Refusal => ({ status, message, code });
const notYours = refused(NOT_YOUR_PROFILE);
const memberOnly = refused(MEMBER_REQUIRED);
const adminOnly = refused(ADMIN_REQUIRED);

type People = 'person' | 'sub-profile' | 'other member' | 'admin';

/** The spec's calls and, as 'v1 name', the public REST API's (issue 31): one table for both. */
type CallName = keyof typeof endpoints | `v1 ${V1CallName}`;
const table: Record<CallName, Endpoint> = {
  ...endpoints,
  ...(Object.fromEntries(Object.entries(v1Endpoints).map(([name, e]) => [`v1 ${name}`, e])) as unknown as Record<
    `v1 ${V1CallName}`,
    Endpoint
  >),
};

interface Row {
  call: CallName;
  /** What the row asks, for the test's name. */
  what: string;
  /** The request's fields for this caller (a destructive call gets fresh things to destroy). */
  input: (w: World, who: Caller) => Promise<{ body?: unknown; query?: Record<string, string>; params?: Record<string, string> }>;
  /** What the people get; the keys' columns follow from the call's permission (keyColumns). */
  expect: Record<People, Outcome>;
}

const range = () => ({ from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() });
const all = (o: Outcome): Record<People, Outcome> => ({ person: o, 'sub-profile': o, 'other member': o, admin: o });
/** A call on the person's sub-profile S: the person and S itself may, nobody else. */
const ownersOfS = { person: 'allowed', 'sub-profile': 'allowed', 'other member': notYours, admin: memberOnly } as const;
/** A member call on S (the public API: the admin's token is refused there, stats included). */
const onS = ownersOfS;
/** A call on the caller's own account: any account holder, not the admin. */
const ownAccount = { ...all('allowed'), admin: memberOnly };
/** Issue 31: the account's webhooks are its member's, not a sub-profile's own session's. */
const ownWebhooks = { ...ownAccount, 'sub-profile': refused(SUB_CANNOT_MANAGE_WEBHOOKS) };

export const rows: Row[] = [
  { call: 'getProfile', what: 'own profile', input: async () => ({}), expect: ownAccount },
  { call: 'getAboutProfile', what: 'own about', input: async () => ({}), expect: ownAccount },
  {
    call: 'updateProfile',
    what: 'own profile',
    input: async () => ({ body: { first_name: 'Same', last_name: 'Name' } }),
    expect: ownAccount,
  },
  { call: 'getSubProfiles', what: 'own sub-profiles', input: async () => ({}), expect: ownAccount },
  {
    call: 'createSubProfile',
    what: 'a new sub-profile',
    input: async () => ({ body: { firstName: 'New', lastName: 'Sub', phone: '12345' } }),
    expect: { ...ownAccount, 'sub-profile': refused(SUB_OF_SUB) },
  },
  { call: 'getSubProfile', what: 'S', input: async (w) => ({ params: { userId: w.sub } }), expect: ownersOfS },
  {
    call: 'updateSubProfile',
    what: 'S (no sign-in change)',
    input: async (w) => ({ body: { userId: w.sub, first_name: 'Sub', last_name: 'Profile', phone: '12345', email: w.subEmail } }),
    expect: ownersOfS,
  },
  {
    call: 'deleteSubProfile',
    what: 'S (the person: a fresh sub-profile)',
    input: async (w, who) => ({ body: { userId: who === 'person' ? await w.freshSub() : w.sub } }),
    expect: { ...ownersOfS, 'sub-profile': refused(SUB_CANNOT_DELETE) },
  },
  {
    call: 'changePassword',
    what: 'own password (the same again: refused by its own rule)',
    input: async (w, who) => ({ body: { currentPassword: w.passwordOf(who), newPassword: w.passwordOf(who) } }),
    expect: ownAccount,
  },
  {
    call: 'changeEmail',
    what: 'own email (wrong current password)',
    input: async () => ({ body: { newEmail: `moved-${Date.now()}@example.com`, currentPassword: 'not the password' } }),
    expect: ownAccount,
  },
  {
    call: 'createPaymentSession',
    what: 'a checkout',
    input: async () => ({ body: { planName: 'Lifetime', duration: 'lifetime', amount: 144.56 } }),
    expect: ownAccount,
  },
  { call: 'verifyPayment', what: 'an unknown session', input: async () => ({ body: { session_id: 'cs_unknown' } }), expect: ownAccount },
  {
    call: 'addLink',
    what: 'to S',
    input: async (w) => ({ body: { user_id: w.sub, link: 'https://s.example.com/new', max_clicks: 5 } }),
    expect: ownersOfS,
  },
  {
    call: 'addLink',
    what: 'to the person',
    input: async (w) => ({ body: { user_id: w.person.userId, link: 'https://p.example.com/new', max_clicks: 5 } }),
    expect: { ...ownersOfS, 'sub-profile': notYours },
  },
  { call: 'resetLink', what: 'on S', input: async (w) => ({ body: { user_id: w.sub, link_id: w.subLink } }), expect: ownersOfS },
  {
    call: 'deleteLink',
    what: 'on S (a fresh link)',
    input: async (w) => ({ body: { user_id: w.sub, link_id: await w.freshSubLink() } }),
    expect: ownersOfS,
  },
  {
    call: 'updateLink',
    what: 'on S',
    input: async (w) => ({ body: { user_id: w.sub, link_id: w.subLink, name: 'Renamed' } }),
    expect: ownersOfS,
  },
  {
    call: 'reorderLinks',
    what: 'S’s queue',
    input: async (w) => ({ body: { user_id: w.sub, link_ids: await w.pendingOfSub() } }),
    expect: ownersOfS,
  },
  {
    call: 'pauseLink',
    what: 'on S (resume: already running)',
    input: async (w) => ({ body: { user_id: w.sub, link_id: w.subLink, paused: false } }),
    expect: ownersOfS,
  },
  // An unknown link: the access check is what this row is about, not a check of the internet.
  { call: 'checkLink', what: 'on S', input: async (w) => ({ body: { user_id: w.sub, link_id: 'no-such-link' } }), expect: ownersOfS },
  { call: 'getRotatorSettings', what: 'of S', input: async (w) => ({ query: { user_id: w.sub } }), expect: ownersOfS },
  {
    call: 'updateRotatorSettings',
    what: 'of S',
    input: async (w) => ({ body: { user_id: w.sub, mode: 'fulfillment' } }),
    expect: ownersOfS,
  },
  // Issue 32: a profile's handle is managed like its rotator; the custom domain is the signed-in account's own.
  { call: 'getHandle', what: 'of S', input: async (w) => ({ query: { user_id: w.sub } }), expect: ownersOfS },
  { call: 'updateHandle', what: 'of S', input: async (w) => ({ body: { user_id: w.sub, handle: null } }), expect: ownersOfS },
  { call: 'getMyHandles', what: 'own handles', input: async () => ({}), expect: ownAccount },
  { call: 'getDomain', what: 'own domain', input: async () => ({}), expect: ownAccount },
  { call: 'addDomain', what: 'own domain', input: async () => ({ body: { hostname: 'go.example.com' } }), expect: ownAccount },
  { call: 'verifyDomain', what: 'own domain', input: async () => ({ body: {} }), expect: ownAccount },
  { call: 'removeDomain', what: 'own domain', input: async () => ({ body: {} }), expect: ownAccount },
  // Issue 30: the postback settings are managed like the rotator; the conversions read like the
  // stats (their revenue is in the summary the admin reads).
  { call: 'getConversionSettings', what: 'of S', input: async (w) => ({ query: { user_id: w.sub } }), expect: ownersOfS },
  {
    call: 'updateConversionSettings',
    what: 'of S',
    input: async (w) => ({ body: { user_id: w.sub, attribution_days: 14 } }),
    expect: ownersOfS,
  },
  { call: 'rotatePostbackKey', what: 'of S', input: async (w) => ({ body: { user_id: w.sub } }), expect: ownersOfS },
  {
    call: 'getRecentConversions',
    what: 'of S',
    input: async (w) => ({ query: { user_id: w.sub } }),
    expect: { ...ownersOfS, admin: 'allowed' },
  },
  {
    call: 'downloadConversionsCsv',
    what: 'of S',
    input: async (w) => ({ query: { user_id: w.sub, ...range() } }),
    expect: { ...ownersOfS, admin: 'allowed' },
  },
  // The stats are the admin's to read too (issue 15).
  {
    call: 'getStatsSummary',
    what: 'of S',
    input: async (w) => ({ query: { user_id: w.sub, ...range() } }),
    expect: { ...ownersOfS, admin: 'allowed' },
  },
  {
    call: 'getStatsSeries',
    what: 'of S',
    input: async (w) => ({ query: { user_id: w.sub, ...range(), interval: 'day' } }),
    expect: { ...ownersOfS, admin: 'allowed' },
  },
  {
    call: 'downloadClicksCsv',
    what: 'of S',
    input: async (w) => ({ query: { user_id: w.sub, ...range() } }),
    expect: { ...ownersOfS, admin: 'allowed' },
  },
  {
    call: 'getStatsProfiles',
    what: 'of the person',
    input: async (w) => ({ query: { user_id: w.person.userId, ...range() } }),
    expect: { person: 'allowed', 'sub-profile': notYours, 'other member': notYours, admin: 'allowed' },
  },
  {
    call: 'getStatsProfiles',
    what: 'of the caller (no user_id)',
    input: async () => ({ query: range() }),
    expect: { ...all('allowed'), admin: refused("user_id is required with the admin's token.", 400, 'invalid') },
  },
  {
    call: 'listApiKeys',
    what: 'own keys',
    input: async () => ({}),
    expect: { ...ownAccount, 'sub-profile': refused(SUB_CANNOT_MANAGE_KEYS) },
  },
  {
    call: 'createApiKey',
    what: 'a new key',
    input: async () => ({ body: { name: 'Another script', scopes: ['stats:read'] } }),
    expect: { ...ownAccount, 'sub-profile': refused(SUB_CANNOT_MANAGE_KEYS) },
  },
  {
    call: 'revokeApiKey',
    what: 'one of the person’s keys (a fresh one)',
    input: async (w) => ({ params: { keyId: await w.freshKey() } }),
    // Another member's account has no such key: past the access check, its own 404.
    expect: { ...ownAccount, 'sub-profile': refused(SUB_CANNOT_MANAGE_KEYS) },
  },
  // Issue 31: the account's webhooks; another member's account has no such endpoint (its own 404).
  { call: 'listWebhooks', what: 'own endpoints', input: async () => ({}), expect: ownWebhooks },
  {
    call: 'createWebhook',
    what: 'a new endpoint',
    input: async () => ({ body: { url: 'https://93.184.216.34/another-hook', events: ['queue.empty'] } }),
    expect: ownWebhooks,
  },
  {
    call: 'deleteWebhook',
    what: 'one of the person’s endpoints (a fresh one)',
    input: async (w) => ({ params: { endpointId: await w.webhook('fresh') } }),
    expect: ownWebhooks,
  },
  ...(['enableWebhook', 'rotateWebhookSecret', 'listWebhookDeliveries'] as const).map((call) => ({
    call,
    what: 'one of the person’s endpoints',
    input: async (w: World) => ({ params: { endpointId: await w.webhook('kept') } }),
    expect: ownWebhooks,
  })),
  {
    call: 'sendTestWebhook',
    what: 'one of the person’s endpoints, switched off (its own 409)',
    input: async (w) => ({ params: { endpointId: await w.webhook('off') } }),
    expect: ownWebhooks,
  },
  // Issue 31: the public REST API. The profile is in the path; the admin's token is a member call's refusal, stats too.
  { call: 'v1 listProfiles', what: 'the account’s profiles', input: async () => ({}), expect: ownAccount },
  { call: 'v1 listLinks', what: 'of S', input: async (w) => ({ params: { profileId: w.sub } }), expect: onS },
  {
    call: 'v1 createLink',
    what: 'on S',
    input: async (w) => ({ params: { profileId: w.sub }, body: { link: 'https://s.example.com/v1', max_clicks: 5 } }),
    expect: onS,
  },
  { call: 'v1 getLink', what: 'on S', input: async (w) => ({ params: { profileId: w.sub, linkId: w.subLink } }), expect: onS },
  {
    call: 'v1 updateLink',
    what: 'on S',
    input: async (w) => ({ params: { profileId: w.sub, linkId: w.subLink }, body: { name: 'Renamed by v1' } }),
    expect: onS,
  },
  {
    call: 'v1 deleteLink',
    what: 'on S (a fresh link)',
    input: async (w) => ({ params: { profileId: w.sub, linkId: await w.freshSubLink() } }),
    expect: onS,
  },
  {
    call: 'v1 reorderLinks',
    what: 'S’s queue',
    input: async (w) => ({ params: { profileId: w.sub }, body: { link_ids: await w.pendingOfSub() } }),
    expect: onS,
  },
  // Paused, then resumed again by the next row: the link is back in S's queue for the rows after.
  { call: 'v1 pauseLink', what: 'on S', input: async (w) => ({ params: { profileId: w.sub, linkId: w.subLink } }), expect: onS },
  { call: 'v1 resumeLink', what: 'on S', input: async (w) => ({ params: { profileId: w.sub, linkId: w.subLink } }), expect: onS },
  { call: 'v1 resetLink', what: 'on S', input: async (w) => ({ params: { profileId: w.sub, linkId: w.subLink } }), expect: onS },
  { call: 'v1 getRotator', what: 'of S', input: async (w) => ({ params: { profileId: w.sub } }), expect: onS },
  {
    call: 'v1 updateRotator',
    what: 'of S',
    input: async (w) => ({ params: { profileId: w.sub }, body: { mode: 'fulfillment' } }),
    expect: onS,
  },
  { call: 'v1 getStatsSummary', what: 'of S', input: async (w) => ({ params: { profileId: w.sub }, query: range() }), expect: onS },
  {
    call: 'v1 getStatsSeries',
    what: 'of S',
    input: async (w) => ({ params: { profileId: w.sub }, query: { ...range(), interval: 'day' } }),
    expect: onS,
  },
  {
    call: 'v1 recordConversion',
    what: 'on S',
    input: async (w, who) => ({ params: { profileId: w.sub }, body: { txid: `perm-${who}-${Date.now()}` } }),
    expect: onS,
  },
  // Issue 33: the account's own security events; the audit log is the admin's.
  { call: 'getSecurityEvents', what: 'own security events', input: async () => ({}), expect: ownAccount },
  { call: 'listSessions', what: 'own sessions', input: async () => ({}), expect: ownAccount },
  // Another account's session is not found: past the access check, its own 404.
  {
    call: 'revokeSession',
    what: 'an unknown session',
    input: async () => ({ params: { sessionId: 'no-such-session' } }),
    expect: ownAccount,
  },
  // Each caller's own token is its session, which this call keeps.
  { call: 'revokeOtherSessions', what: 'all but the caller’s', input: async () => ({}), expect: ownAccount },
  // Issue 33: the account's data and its deletion are its member's (a wrong password: past the access check, its own 400).
  {
    call: 'exportAccount',
    what: 'own data',
    input: async () => ({}),
    expect: { ...ownAccount, 'sub-profile': refused(SUB_CANNOT_EXPORT_OR_DELETE) },
  },
  {
    call: 'deleteAccount',
    what: 'own account (a wrong password)',
    input: async () => ({ body: { password: 'not the password' } }),
    expect: { ...ownAccount, 'sub-profile': refused(SUB_CANNOT_EXPORT_OR_DELETE) },
  },
  // Issue 33: the admin's own two-factor setup (a wrong code: past the access check, its own 400).
  { call: 'getTwoFactor', what: 'the admin’s state', input: async () => ({}), expect: { ...all(adminOnly), admin: 'allowed' } },
  { call: 'startTwoFactor', what: 'a new secret', input: async () => ({ body: {} }), expect: { ...all(adminOnly), admin: 'allowed' } },
  {
    call: 'enableTwoFactor',
    what: 'with a wrong code',
    input: async () => ({ body: { code: '000000' } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'disableTwoFactor',
    what: 'when it is not on (past the access check, its own 409)',
    input: async () => ({ body: { code: '000000' } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'getActivity',
    what: 'the audit log',
    input: async () => ({ query: { page: '1' } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'getAllUsers',
    what: 'the member list',
    input: async () => ({ query: { page: '1' } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'getAdminUser',
    what: 'the person',
    input: async (w) => ({ params: { userId: w.person.userId } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'getUserLinks',
    what: 'the person',
    input: async (w) => ({ params: { userId: w.person.userId } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'getAdminUserStats',
    what: 'the person',
    input: async (w) => ({ params: { userId: w.person.userId } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'updateUser',
    what: 'a bystander',
    input: async (w) => ({
      params: { userId: w.bystander },
      body: {
        package_price: 144.56,
        package_joined_date: null,
        package_expiry_date: null,
        subscription_status: 'active',
        subscription_type: 'monthly',
      },
    }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
  {
    call: 'deleteUser',
    what: 'the person (the admin: a fresh member)',
    input: async (w, who) => ({ body: { user_id: who === 'admin' ? await w.freshMember() : w.person.userId } }),
    expect: { ...all(adminOnly), admin: 'allowed' },
  },
];

/** Codes that mean "the access check let this through"; anything else refused it. */
const REFUSING = new Set([
  'forbidden',
  'scope-missing',
  'session-ended',
  'token-missing',
  'api-key-invalid',
  'api-key-revoked',
  'api-key-expired',
]);

/** The scope that grants a call's permission, or null when no key may make the call. */
function scopeFor(e: Endpoint): ApiKeyScope | null {
  const permission = e.access?.permission;
  return API_KEY_SCOPES.find((s) => permission && API_KEY_SCOPE_GRANTS[s].includes(permission)) ?? null;
}

/**
 * The person's keys act for the person's account: with the scope, as the person; without it,
 * refused naming the scope; on a call no scope grants (the account's own settings), refused; on
 * the admin console, refused like any member.
 */
function keyColumns(row: Row): Record<'key with the scope' | 'key without it', Outcome> {
  const e = table[row.call];
  if (e.auth === 'admin') return { 'key with the scope': adminOnly, 'key without it': adminOnly };
  const scope = scopeFor(e);
  if (!scope) return { 'key with the scope': refused(KEY_CANNOT), 'key without it': refused(KEY_CANNOT) };
  return { 'key with the scope': row.expect.person, 'key without it': refused(keyLacksScope(scope), 403, 'scope-missing') };
}

async function send(w: World, who: Caller, e: Endpoint, input: Awaited<ReturnType<Row['input']>>): Promise<LightMyRequestResponse> {
  return w.app.inject({
    method: e.method,
    url: callUrl(e, { params: input.params, query: input.query }),
    headers: bearer(await w.tokenOf(who, e.access?.permission)),
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  }) as Promise<LightMyRequestResponse>;
}

describe.each(engines)('the permission table (%s)', (engine) => {
  const t = useTestApp(engine);
  let w: World;

  beforeAll(async () => {
    w = await callers(t, { activate, adminToken, loginMember, signupMember });
  });

  it('covers every call that takes a token', () => {
    const covered = new Set(rows.map((r) => r.call));
    const needed = Object.entries(table)
      .filter(([, e]) => e.auth !== 'none')
      .map(([name]) => name);
    expect(needed.filter((n) => !covered.has(n as CallName))).toEqual([]);
  });

  describe.each(rows.map((r) => [`${r.call} ${r.what}`, r] as const))('%s', (_name, row) => {
    const expected: Record<Caller, Outcome> = { ...row.expect, ...keyColumns(row) };
    it.each(Object.keys(expected) as Caller[])('as %s', async (who) => {
      const res = await send(w, who, table[row.call], await row.input(w, who));
      const want = expected[who];
      if (want === 'allowed') {
        const body = res.statusCode >= 400 ? res.json() : {};
        expect({ status: res.statusCode, refused: REFUSING.has(body.code) }).toEqual({ status: expect.any(Number), refused: false });
        expect(res.statusCode).toBeLessThan(500);
      } else {
        expect({ status: res.statusCode, ...res.json() }).toEqual({
          status: want.status,
          error: want.message,
          message: want.message,
          code: want.code,
        });
      }
    });
  });

  it('the public owner view: only the owner’s callers see the paused list', async () => {
    const paused = await w.app.inject({
      method: 'POST',
      url: endpoints.pauseLink.url,
      headers: bearer(w.person.token),
      payload: { user_id: w.sub, link_id: await w.freshSubLink(), paused: true },
    });
    expect(paused.statusCode).toBe(200);
    const views: Record<string, boolean> = {};
    for (const who of ['person', 'sub-profile', 'other member', 'admin', 'key with the scope', 'key without it'] as Caller[]) {
      const res = await w.app.inject({
        method: 'GET',
        url: callUrl(endpoints.getMemberLinks, { query: { user_id: w.sub } }),
        headers: bearer(await w.tokenOf(who, 'links:read')),
      });
      expect(res.statusCode).toBe(200);
      views[who] = res.json().paused.length > 0;
    }
    const anonymous = await w.app.inject({ method: 'GET', url: callUrl(endpoints.getMemberLinks, { query: { user_id: w.sub } }) });
    expect({ ...views, anonymous: anonymous.json().paused.length > 0 }).toEqual({
      person: true,
      'sub-profile': true,
      'other member': false,
      admin: false,
      'key with the scope': true,
      'key without it': false,
      anonymous: false,
    });
  });
});
