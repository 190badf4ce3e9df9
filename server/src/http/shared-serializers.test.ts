import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { sharedSerializers } from './shared-serializers';

// Counts what fast-json-stringify compiles (the real one does the work).
const mockCompiled: unknown[] = [];
jest.mock('fast-json-stringify', () => {
  const actual = jest.requireActual('fast-json-stringify');
  return Object.assign((schema: unknown, options: unknown) => {
    mockCompiled.push(schema);
    return actual(schema, options);
  }, actual);
});

const ErrorBody = () => Type.Object({ error: Type.String(), code: Type.String() });

describe('sharedSerializers', () => {
  it('serializes each answer by its own schema, compiling equal schemas once', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } } });
    // Two routes: different success bodies (each keeps only its own fields), the same error body
    // written as two separate but equal schema objects, as route files do.
    app.get('/a', { schema: { response: { 200: Type.Object({ a: Type.String() }), 404: ErrorBody() } } }, async (req, reply) =>
      (req.query as { missing?: string }).missing
        ? reply.code(404).send({ error: 'No A', code: 'not-found', extra: 1 })
        : { a: 'x', b: 'hidden' },
    );
    app.get('/b', { schema: { response: { 200: Type.Object({ b: Type.Number() }), 404: ErrorBody() } } }, async (req, reply) =>
      (req.query as { missing?: string }).missing ? reply.code(404).send({ error: 'No B', code: 'not-found' }) : { a: 'hidden', b: 2 },
    );
    await app.ready();
    expect((await app.inject('/a')).json()).toEqual({ a: 'x' });
    expect((await app.inject('/b')).json()).toEqual({ b: 2 });
    expect((await app.inject('/a?missing=1')).json()).toEqual({ error: 'No A', code: 'not-found' });
    expect((await app.inject('/b?missing=1')).json()).toEqual({ error: 'No B', code: 'not-found' });
    await app.close();
    // Three distinct schemas; without sharing, 8 (each route and status, and again for HEAD).
    expect(mockCompiled).toHaveLength(3);
  });
});
