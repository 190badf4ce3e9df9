import type { FastifyInstance } from 'fastify';

export async function publicRoutes(_app: FastifyInstance): Promise<void> {}
