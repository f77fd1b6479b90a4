import type { FastifyInstance } from 'fastify';
import { statusBody } from './capabilities';
import { route } from './routes';

/** `GET /status.php`: public, the first call of every sync client. */
export function registerStatus(app: FastifyInstance): void {
  route(app, '/status.php', 'public', {
    GET: async (_request, reply) => reply.header('Cache-Control', 'no-store').send(statusBody()),
  });
}
