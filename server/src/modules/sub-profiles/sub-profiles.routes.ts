import type { FastifyInstance } from 'fastify';

export async function subProfilesRoutes(_app: FastifyInstance): Promise<void> {}
