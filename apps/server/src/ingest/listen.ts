import type { Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** Listens on the port (0 picks a free one) and answers the port actually bound. */
export async function listenOn(
  server: Server,
  port: number,
  host: string | undefined,
  log: FastifyBaseLogger,
): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  log.info({ port: bound }, 'listening for devices');
  return bound;
}
