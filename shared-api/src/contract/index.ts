/**
 * The HTTP contract (DESIGN §7), written once: the server validates and serialises with these
 * schemas and generates OpenAPI from them; the front ends import only their static types.
 */
export * from './common';
export * from './auth';
export * from './links';
export * from './payment';
export * from './admin';
export * from './plan';
export { endpoints, errorResponses, HealthOk, type Endpoint } from './endpoints';
export { paths, type CallName, type CallPath } from './paths';
