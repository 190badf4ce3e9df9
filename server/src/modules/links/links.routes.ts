import type { FastifyInstance } from 'fastify';

export async function linksRoutes(_app: FastifyInstance): Promise<void> {}
