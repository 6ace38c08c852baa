// A TCP proxy in front of the test's PostgreSQL whose answers can be held back: a test decides
// when what the server said (a FATAL of a terminated backend, the connection's close) reaches the
// server's connections, to put it at the worst moment (a failover's FATAL arriving while the
// queue stops) every time instead of once in a few hundred runs.
import { createServer, type Socket, connect as tcpConnect } from 'node:net';

export interface HoldingProxy {
  /** The database URL, through the proxy. */
  url: string;
  /** From now, the server's bytes and closes are kept instead of passed on. */
  hold(): void;
  /** Passes on what was kept, and what comes next at once. */
  release(): void;
  close(): Promise<void>;
}

export async function holdingProxy(databaseUrl: string): Promise<HoldingProxy> {
  const target = new URL(databaseUrl);
  let holding = false;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const pass = (step: () => void) => (holding ? waiting.push(step) : step());
  // Half-open: a connection that ends its side (pg's Terminate, then FIN) still hears the server
  // until the server closes, as over a direct connection.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      // A side already gone: the other one is ended (below); nothing else to do.
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => upstream.write(chunk));
    client.on('end', () => upstream.end());
    client.on('close', () => upstream.destroy());
    upstream.on('data', (chunk) => pass(() => client.write(chunk)));
    upstream.on('close', () => pass(() => client.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const step of waiting.splice(0)) step();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
