import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type BuildSerializer = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's serializer compiler, but one compiled serializer per distinct response schema instead
 * of one per route and status code. Every route declares the same error body for its 400, 401,
 * 403, 404, 409, 429 and 503 answers, so the default compiled that one schema 934 times at
 * start-up (1,044 serializers for 46 distinct schemas): ~10 MB of generated source alone, held
 * for the life of the process. fast-json-stringify's output depends only on the schema and the
 * shared schemas it may reference, so equal schemas can share one function (decision 0103; issue 12's memory
 * target; bench/README.md "Scale").
 */
export function sharedSerializers(): BuildSerializer {
  const build = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile = build(externalSchemas, serializerOpts);
    const compiled = new Map<string, ReturnType<typeof compile>>();
    return (route) => {
      const key = JSON.stringify(route.schema);
      let serializer = compiled.get(key);
      if (!serializer) {
        serializer = compile(route);
        compiled.set(key, serializer);
      }
      return serializer;
    };
  };
}
