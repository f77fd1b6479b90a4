import type { FastifyInstance } from 'fastify';
import { statusBody } from './capabilities';
import { route } from './routes';

/**
 * `GET /status.php`: public, the first call of every sync client, and the readiness check of a
 * process behind a load balancer: 200 once it serves, 503 (`maintenance: true`, `Retry-After`)
 * from the moment it starts draining on SIGTERM, so a health check (or nginx's
 * `proxy_next_upstream http_503`) sends the requests to another process.
 */
export function registerStatus(app: FastifyInstance, draining: () => boolean = () => false): void {
  route(app, '/status.php', 'public', {
    GET: async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (draining()) return reply.code(503).header('Retry-After', '1').header('Connection', 'close').send({ ...statusBody(), maintenance: true });
      return reply.send(statusBody());
    },
  });
}
