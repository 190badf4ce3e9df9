import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database';
import type { Member, TestContext } from './helpers';

import { API_KEY_SCOPE_GRANTS, API_KEY_SCOPES, type ApiKeyScope, type Permission } from '@rotalink/shared-api/contract';

/** The callers of the permission table (issue 31); the keys are the person's. */
export type Caller = 'person' | 'sub-profile' | 'other member' | 'admin' | 'key with the scope' | 'key without it';

/** What the table's rows act on: a person with a sub-profile S (signed in on its own) and a link on S. */
export interface World {
  app: FastifyInstance;
  person: Member;
  other: Member;
  sub: string;
  subEmail: string;
  subLink: string;
  /** A member the admin's edits land on, so the others' plans stay as they are. */
  bystander: string;
  /**
   * The bearer value of a caller. For the keys, by the call's permission: 'with' holds the first
   * scope that grants it, 'without' every scope that does not (a call no scope grants: every scope).
   */
  tokenOf(who: Caller, permission: Permission | undefined): Promise<string>;
  /** One of the person's keys, for revoking. */
  freshKey(): Promise<string>;
  passwordOf(who: Caller): string;
  freshSub(): Promise<string>;
  freshSubLink(): Promise<string>;
  freshMember(): Promise<string>;
  pendingOfSub(): Promise<string[]>;
  /**
   * One of the person's webhook endpoints (issue 31): 'fresh' a new one (to delete), 'kept' the
   * same one each time, 'off' one switched off (a test event then stops at its own 409, so no
   * test sends a request to the internet).
   */
  webhook(which: 'fresh' | 'kept' | 'off'): Promise<string>;
}

interface Helpers {
  activate: (db: Db, userId: string) => Promise<void>;
  adminToken: (t: TestContext) => Promise<string>;
  loginMember: (app: FastifyInstance, email: string, password: string) => Promise<string>;
  signupMember: (app: FastifyInstance) => Promise<Member>;
}

const SUB_PASSWORD = 'sub-profile password';

/** Builds the world through the API, as the people in it would. */
export async function callers(t: TestContext, h: Helpers): Promise<World> {
  const app = t.app;
  const person = await h.signupMember(app);
  const other = await h.signupMember(app);
  await h.activate(t.db, person.userId);
  await h.activate(t.db, other.userId);
  const auth = { authorization: `Bearer ${person.token}` };
  const subEmail = `sub-${person.userId}@example.com`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/auth/subprofile',
    headers: auth,
    payload: { firstName: 'Sub', lastName: 'Profile', phone: '12345', email: subEmail, password: SUB_PASSWORD },
  });
  if (created.statusCode !== 201) throw new Error(`subprofile: ${created.body}`);
  const sub: string = created.json().user_id;
  const subToken = await h.loginMember(app, subEmail, SUB_PASSWORD);
  const admin = await h.adminToken(t);
  const bystander = (await h.signupMember(app)).userId;

  const addSubLink = async (): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/links/linkadd',
      headers: auth,
      payload: { user_id: sub, link: 'https://s.example.com/offer', max_clicks: 10 },
    });
    if (res.statusCode !== 201) throw new Error(`linkadd: ${res.body}`);
    return res.json().link.id;
  };
  const subLink = await addSubLink();

  const addWebhook = async (): Promise<string> => {
    // An IP literal: public, so no DNS is asked; nothing is ever delivered to it by these tests.
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/webhooks',
      headers: auth,
      payload: { url: 'https://93.184.216.34/rotalink-hook', events: ['link.paused'] },
    });
    if (res.statusCode !== 201) throw new Error(`webhook: ${res.body}`);
    return res.json().endpoint.id;
  };
  const webhooks = new Map<string, Promise<string>>();
  const shared = (which: 'kept' | 'off') => {
    if (!webhooks.has(which))
      webhooks.set(
        which,
        addWebhook().then(async (id) => {
          if (which === 'off')
            await t.db.updateTable('webhook_endpoints').set({ disabled_at: new Date().toISOString() }).where('id', '=', id).execute();
          return id;
        }),
      );
    return webhooks.get(which) as Promise<string>;
  };

  const createKey = async (scopes: readonly ApiKeyScope[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      headers: auth,
      payload: { name: `key ${scopes.join(' ')}`, scopes },
    });
    if (res.statusCode !== 201) throw new Error(`api key: ${res.body}`);
    return res.json() as { key: { id: string }; secret: string };
  };
  const keys = new Map<string, string>();
  const keyWith = async (scopes: readonly ApiKeyScope[]): Promise<string> => {
    const name = scopes.join(',');
    if (!keys.has(name)) keys.set(name, (await createKey(scopes)).secret);
    return keys.get(name) as string;
  };
  const granting = (p: Permission | undefined) => API_KEY_SCOPES.filter((s) => p !== undefined && API_KEY_SCOPE_GRANTS[s].includes(p));
  const tokens: Record<'person' | 'sub-profile' | 'other member' | 'admin', string> = {
    person: person.token,
    'sub-profile': subToken,
    'other member': other.token,
    admin,
  };
  const passwords: Record<keyof typeof tokens, string> = {
    person: person.password,
    'sub-profile': SUB_PASSWORD,
    'other member': other.password,
    admin: '',
  };
  return {
    app,
    person,
    other,
    sub,
    subEmail,
    subLink,
    bystander,
    tokenOf: async (who, permission) => {
      const grants = granting(permission);
      if (who === 'key with the scope') return keyWith(grants.length ? [grants[0]] : API_KEY_SCOPES);
      if (who === 'key without it') return keyWith(API_KEY_SCOPES.filter((s) => !grants.includes(s)));
      return tokens[who];
    },
    passwordOf: (who) => (who in passwords ? passwords[who as keyof typeof passwords] : 'no password'),
    freshKey: async () => (await createKey(['links:read'])).key.id,
    freshSub: async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/subprofile',
        headers: auth,
        payload: { firstName: 'Short', lastName: 'Lived', phone: '12345' },
      });
      return res.json().user_id;
    },
    freshSubLink: addSubLink,
    webhook: (which) => (which === 'fresh' ? addWebhook() : shared(which)),
    freshMember: async () => (await h.signupMember(app)).userId,
    pendingOfSub: async () => {
      const res = await app.inject({ method: 'GET', url: `/api/links/userliks?user_id=${encodeURIComponent(sub)}`, headers: auth });
      return res.json().pending.map((l: { id: string }) => l.id);
    },
  };
}
