// A free TCP port on the loopback address, for a test's or a bench's own server or broker. No
// other import, so that the bench scripts' worker threads can load it.
import { createServer } from 'node:net';

/** A port nobody listens on now (the system's choice for port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
