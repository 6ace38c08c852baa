// The live channel: one WebSocket per browser tab at /api/v1/live. The browser authenticates with
// its first message (a token in the URL would land in logs); until then nothing is sent, and a
// socket that stays silent for LIVE_AUTH_TIMEOUT_MS, or sends a bad token, is closed with 4401.
// Features push through the hub: to one user, or to every user of some customers.

import websocket from '@fastify/websocket';
import {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_UNAUTHENTICATED,
  type LiveServerMessage,
  liveClientMessageSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Authenticator, Principal } from './auth.ts';

type ReadyHandler = (principal: Principal, send: (message: LiveServerMessage) => void) => Promise<void>;

interface Client {
  socket: WebSocket;
  principal: Principal;
}

export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly readyHandlers: ReadyHandler[] = [];

  /** Features register what a newly authenticated client receives first (e.g. the unread count). */
  whenReady(handler: ReadyHandler): void {
    this.readyHandlers.push(handler);
  }

  async ready(principal: Principal, send: (message: LiveServerMessage) => void): Promise<void> {
    for (const handler of this.readyHandlers) await handler(principal, send);
  }

  add(client: Client): () => void {
    this.clients.add(client);
    return () => this.clients.delete(client);
  }

  /** Sends to every connection for which `select` returns a message. */
  async broadcast(select: (principal: Principal) => Promise<LiveServerMessage | undefined>): Promise<void> {
    for (const client of this.clients) {
      const message = await select(client.principal);
      if (message && client.socket.readyState === client.socket.OPEN)
        client.socket.send(JSON.stringify(message));
    }
  }

  closeAll(): void {
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
  }
}

export async function registerLive(app: FastifyInstance, auth: Authenticator, hub: LiveHub): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/api/v1/live', { websocket: true, schema: { hide: true } }, (socket) => {
    let remove: (() => void) | undefined;
    const send = (message: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const timer = setTimeout(
      () => socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'authentication timeout'),
      LIVE_AUTH_TIMEOUT_MS,
    );
    socket.on('message', async (raw) => {
      let parsed: ReturnType<typeof liveClientMessageSchema.safeParse>;
      try {
        parsed = liveClientMessageSchema.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = liveClientMessageSchema.safeParse(undefined);
      }
      if (!parsed.success) {
        if (!remove) socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'authentication required');
        return;
      }
      const message = parsed.data;
      if (message.type === 'ping') {
        if (remove) send({ type: 'pong' });
        else socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'authentication required');
        return;
      }
      try {
        const principal = await auth.principalOf(message.token);
        clearTimeout(timer);
        remove?.();
        remove = hub.add({ socket, principal });
        send({ type: 'ready' });
        await hub.ready(principal, send);
      } catch {
        socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'authentication failed');
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      remove?.();
    });
  });
}
