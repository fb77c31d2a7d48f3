import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a simulator reads of a request body at most (the providers refuse larger ones too). */
export const SIM_MAX_BODY = 1_000_000;

/** A request's body as text, or null when it is over `max` bytes (the simulator answers 413 then). */
export async function readBody(req: IncomingMessage, max = SIM_MAX_BODY): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Listens on host:port (0: any free port); answers the port taken. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
