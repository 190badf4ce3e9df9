/** A listening app and its API keys for the public API's tests (issue 31): real HTTP, as a script calls it. */
import type { ApiKeyScope } from '@rotalink/shared-api/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { bearer, type Member } from '../../../test/helpers';

/** The app on a port of its own (127.0.0.1); closed with the app. */
export async function serve(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A new key of the member's account with these scopes; answers its secret and id. */
export async function keyOf(app: FastifyInstance, member: Member, scopes: readonly ApiKeyScope[], name = scopes.join(' ')) {
  const res = await app.inject({ method: 'POST', url: '/api/account/api-keys', headers: bearer(member.token), payload: { name, scopes } });
  if (res.statusCode !== 201) throw new Error(`api key: ${res.statusCode} ${res.body}`);
  const body = res.json() as { secret: string; key: { id: string } };
  return { secret: body.secret, id: body.key.id };
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any answer's fields
  body: any;
}

/** One call over HTTP with a bearer value; a JSON body when given. */
export async function v1(
  base: string,
  secret: string,
  method: string,
  path: string,
  o: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}`, ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
