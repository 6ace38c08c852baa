// The live channel: one WebSocket per browser tab at /api/v1/live. The browser authenticates with
// its first message (a token in the URL would land in logs); until then nothing is sent, and a
// socket that stays silent for LIVE_AUTH_TIMEOUT_MS, or sends a bad token, is closed with 4401.
// Features push through the hub: to one user, or to every user of some customers.
//
// A socket follows the rights of now, not those it was opened with. The browser sends each renewed
// token on the open socket; a socket whose token expired without renewal is closed. Every
// LIVE_RECHECK_SECONDS the hub re-reads its users in one query (and at once after a change the
// API knows of, modules/users/profileChanged.ts): a user deleted or disabled, or of a disabled
// company, is closed; a user whose role, privileges or company functions changed keeps the socket
// with the new principal (what it receives is decided on that, platform/access.ts) and is told
// 'profile-changed'. Polling rather than events, so a change made by another replica, or straight
// in the database, acts too.
//
// Every replica's browsers hear everything: features publish their pushes on the live bus
// (liveBus.ts, `topic`), and each replica delivers them to its own sockets.

import websocket from '@fastify/websocket';
import {
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_UNAUTHENTICATED,
  type LiveServerMessage,
  liveClientMessageSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import type { DatabaseHandle } from '../db/client.ts';
import type { Authenticator, Principal } from './auth.ts';
import type { LiveBus } from './liveBus.ts';

type Send = (message: LiveServerMessage) => void;
type ReadyHandler = (principal: Principal, send: Send) => Promise<void>;
type CurrentPrincipals = Authenticator['currentPrincipals'];

interface Client {
  socket: WebSocket;
  principal: Principal;
  /** When the token the socket last authenticated with expires (ms since the epoch), if it says. */
  expiresAt: number | undefined;
}

/** What access depends on; a change of it is a change of the user's rights. */
const accessOf = (p: Principal) =>
  JSON.stringify([
    p.customerId,
    p.sysRole,
    [...p.privileges].sort(),
    [...p.functions].sort(),
    p.isManager,
    p.downloadRole,
  ]);

function sendTo(socket: WebSocket, message: LiveServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** Close code of a socket whose replica may have missed pushes: the browser connects again and reads afresh. */
export const LIVE_CLOSE_RESYNC = 1012;

export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly readyHandlers: ReadyHandler[] = [];
  private current: CurrentPrincipals | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly bus: LiveBus | undefined;
  /** Without a bus: each topic's delivery, for `publisher`. */
  private readonly localTopics = new Map<string, (body: never) => Promise<void>>();
  /** Re-reads these users' sockets on every replica (rechecks). */
  readonly recheckEverywhere: (userIds: string[]) => Promise<void>;

  /** Without a bus (some tests), a topic's pushes reach this hub's sockets only. */
  constructor(bus?: LiveBus) {
    this.bus = bus;
    this.recheckEverywhere = this.topic<string[]>('live-recheck', (ids) => this.recheck(ids));
    if (bus) bus.resynced = () => this.reconnectAll();
  }

  /**
   * A push every replica makes: `deliver` runs on each replica for each message sent with the
   * function returned, in the order sent, and decides what its sockets receive (`broadcast`).
   */
  topic<T>(name: string, deliver: (body: T) => Promise<void>): (body: T) => Promise<void> {
    const bus = this.bus;
    if (!bus) {
      this.localTopics.set(name, deliver);
      return deliver;
    }
    bus.on(name, deliver);
    return (body) => bus.publish(name, body);
  }

  /** Publishes on a topic another module delivers (`topic`); no replica delivering it: nothing happens. */
  publisher<T>(name: string): (body: T) => Promise<void> {
    const bus = this.bus;
    if (bus) return (body) => bus.publish(name, body);
    return async (body) => (this.localTopics.get(name) as ((body: T) => Promise<void>) | undefined)?.(body);
  }

  /** Features register what a newly authenticated client receives first (e.g. the unread count). */
  whenReady(handler: ReadyHandler): void {
    this.readyHandlers.push(handler);
  }

  async ready(principal: Principal, send: Send): Promise<void> {
    for (const handler of this.readyHandlers) await handler(principal, send);
  }

  add(client: Client): () => void {
    this.clients.add(client);
    return () => this.clients.delete(client);
  }

  /** Re-reads the connected users with `current` every `everyMs` (see the opening comment). */
  follow(current: CurrentPrincipals, everyMs: number, onError: (error: unknown) => void): void {
    this.current = current;
    clearInterval(this.timer);
    let running = false;
    // A slow database must not pile rounds up: one at a time.
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.recheck()
        .catch(onError)
        .finally(() => {
          running = false;
        });
    }, everyMs);
    this.timer.unref();
  }

  /** Brings the sockets of these users (or of all) in line with their token and rights of now. */
  async recheck(userIds?: readonly string[]): Promise<void> {
    const now = Date.now();
    const targets = [...this.clients].filter((c) => !userIds || userIds.includes(c.principal.userId));
    for (const client of targets)
      if (client.expiresAt !== undefined && client.expiresAt <= now) this.drop(client, 'token expired');
    const open = targets.filter((c) => this.clients.has(c));
    if (open.length === 0 || !this.current) return;
    const fresh = await this.current([...new Set(open.map((c) => c.principal.userId))]);
    for (const client of open) {
      if (!this.clients.has(client)) continue;
      const next = fresh.get(client.principal.userId);
      if (next) this.update(client, next);
      else this.drop(client, 'access revoked');
    }
  }

  /** Gives a client its user's principal of now; tells the browser when its rights changed. */
  update(client: Client, next: Principal): void {
    const changed = accessOf(next) !== accessOf(client.principal);
    client.principal = { ...next, sessionState: next.sessionState ?? client.principal.sessionState };
    if (changed) sendTo(client.socket, { type: 'profile-changed' });
  }

  private drop(client: Client, reason: string): void {
    this.clients.delete(client);
    client.socket.close(LIVE_CLOSE_UNAUTHENTICATED, reason);
  }

  /** Sends to every connection the messages `select` returns for its principal (none: undefined). */
  async broadcast(
    select: (principal: Principal) => Promise<LiveServerMessage | LiveServerMessage[] | undefined>,
  ): Promise<void> {
    for (const client of this.clients) {
      const selected = await select(client.principal);
      for (const message of Array.isArray(selected) ? selected : selected ? [selected] : [])
        sendTo(client.socket, message);
    }
  }

  /** Every socket of this replica connects again (its browser reads afresh): pushes were missed. */
  reconnectAll(): void {
    for (const client of this.clients) client.socket.close(LIVE_CLOSE_RESYNC, 'live bus resynced');
    this.clients.clear();
  }

  closeAll(): void {
    clearInterval(this.timer);
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
  }
}

/**
 * What `make` makes, once per hub, by whichever module asks first: a live push or a cache
 * registers its topics on the hub, and a topic is registered once.
 */
export function onePerHub<T>(
  make: (database: DatabaseHandle, hub: LiveHub) => T,
): (database: DatabaseHandle, hub: LiveHub) => T {
  const made = new WeakMap<LiveHub, T>();
  return (database, hub) => {
    let one = made.get(hub);
    if (!one) {
      one = make(database, hub);
      made.set(hub, one);
    }
    return one;
  };
}

function expiryOf(token: string): number | undefined {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

export async function registerLive(
  app: FastifyInstance,
  auth: Authenticator,
  hub: LiveHub,
  recheckSeconds: number,
): Promise<void> {
  hub.follow(auth.currentPrincipals, recheckSeconds * 1000, (error) =>
    app.log.error({ err: error }, 'live recheck failed'),
  );
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/api/v1/live', { websocket: true, schema: { hide: true } }, (socket) => {
    let client: Client | undefined;
    let remove: (() => void) | undefined;
    const send: Send = (message) => sendTo(socket, message);
    const refuse = (reason: string) => socket.close(LIVE_CLOSE_UNAUTHENTICATED, reason);
    const timer = setTimeout(() => refuse('authentication timeout'), LIVE_AUTH_TIMEOUT_MS);

    const handle = async (raw: unknown) => {
      let parsed: ReturnType<typeof liveClientMessageSchema.safeParse>;
      try {
        parsed = liveClientMessageSchema.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = liveClientMessageSchema.safeParse(undefined);
      }
      if (!parsed.success) {
        if (!client) refuse('authentication required');
        return;
      }
      const message = parsed.data;
      if (message.type === 'ping') {
        if (client) send({ type: 'pong' });
        else refuse('authentication required');
        return;
      }
      let principal: Principal;
      try {
        principal = await auth.principalOf(message.token);
      } catch {
        refuse('authentication failed');
        return;
      }
      // The live channel is the console's: a service account reads the REST API only.
      if (principal.serviceAccountId) return refuse('service account');
      if (client) {
        // A renewed token: the same user only, and from now on its expiry counts.
        if (principal.userId !== client.principal.userId) return refuse('another user');
        client.expiresAt = expiryOf(message.token);
        hub.update(client, principal);
        return;
      }
      clearTimeout(timer);
      client = { socket, principal, expiresAt: expiryOf(message.token) };
      remove = hub.add(client);
      send({ type: 'ready' });
      await hub.ready(principal, send);
    };

    // One message at a time, in order: a renewal is in force before the next message is read.
    let queue = Promise.resolve();
    socket.on('message', (raw) => {
      queue = queue.then(() => handle(raw)).catch(() => refuse('authentication failed'));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      remove?.();
    });
  });
}
