// A webhook receiver for tests: an HTTP server on a free port of this machine that keeps what it
// is sent, and the check a receiver makes of a delivery's signature (README "Webhooks").
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@fleetlens/contracts';
import { afterAll } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  got: Received[];
  close(): void;
}

const open: ReturnType<typeof createServer>[] = [];
// Imported by a test file as it is collected: its receivers close after its tests.
afterAll(() => {
  for (const server of open.splice(0)) server.close();
});

/** A receiver answering the n-th request (1, 2, ...) with `status(n)`; closed after the file's tests. */
export async function receiver(status: (n: number) => number = () => 200): Promise<Receiver> {
  const got: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      got.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = status(got.length);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  open.push(server);
  return { url: `http://127.0.0.1:${port}/hooks/fleet`, got, close: () => server.close() };
}

/** What a receiver does (README): HMAC-SHA256 of `<timestamp>.<body>`, compared in constant time. */
export function signatureHolds(secret: string, received: Received): boolean {
  const timestamp = String(received.headers[WEBHOOK_HEADERS.timestamp]);
  const given = Buffer.from(String(received.headers[WEBHOOK_HEADERS.signature]));
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`,
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}
