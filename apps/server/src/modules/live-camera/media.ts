// The media engine the devices publish their cameras to (RTMP in) and the browsers play from
// (HTTP-FLV out, through this server's stream route, which checks the viewer first). By default
// node-media-server's RTMP server runs inside this process, as the MQTT broker does, and a viewer
// is handed its FLV session here without a second HTTP port; with MEDIA_PLAY_URL set, an external
// engine (node-media-server, nginx-rtmp, SRS...) takes the devices at MEDIA_PUBLISH_URL and the
// server relays its HTTP-FLV. Only devices holding a signed address may publish (node-media-
// server's sign: `<expiry>-md5(<path>-<expiry>-<secret>)`, MEDIA_SECRET for an external engine).
// Nobody plays from the engine but this server: its RTMP port must take devices, and a player
// there would watch with no view, no signature and no time counted, so every RTMP play is refused
// (a device's publish signature would pass the engine's own play check, as it signs the same
// path), and the server's own FLV sessions carry a play signature of their own.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Server } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

const require = createRequire(import.meta.url);

export interface MediaEngine {
  /** The signed RTMP address camera `camera` of stream `key` is published to. */
  publishUrl(key: string, camera: number, validSeconds: number): string;
  /** Streams the camera's HTTP-FLV into `response` until `stop` is called or the viewer leaves. */
  play(key: string, camera: number, request: IncomingMessage, response: ServerResponse): Playing;
  close(): Promise<void>;
}

/** A camera's stream being played to one viewer. */
export interface Playing {
  stop(): void;
  /** Settles when the first tag after the FLV header goes out: the viewer watches from then on. */
  streaming: Promise<void>;
}

/** An FLV stream's header and the size of the "previous tag" before its first tag. */
const FLV_HEADER_BYTES = 13;

/**
 * Settles when `response` has written more than the FLV header. The header goes out at once, the
 * first picture only when the device publishes (seconds later on a busy device or machine): time
 * is charged from the picture, not from the header.
 */
function firstTag(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    let written = 0;
    const write = response.write;
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      written += typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Uint8Array).length;
      if (written > FLV_HEADER_BYTES) {
        response.write = write;
        resolve();
      }
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
  });
}

/** The stream's name on the engine: one per camera. */
const streamName = (key: string, camera: number) => `${key}-cam${camera}`;
const APP = 'live';

/** node-media-server's signature of `path`, valid `validSeconds`. */
function signature(path: string, validSeconds: number, secret: string): string {
  const expiry = Math.floor(Date.now() / 1000) + validSeconds;
  return `${expiry}-${createHash('md5').update(`${path}-${expiry}-${secret}`).digest('hex')}`;
}

function sign(path: string, validSeconds: number, secret: string | undefined): string {
  return secret ? `?sign=${signature(path, validSeconds, secret)}` : '';
}

/** How long the server's own play signature is good for: it is checked once, as the session opens. */
const PLAY_SIGN_SECONDS = 60;

const FLV_HEADERS = { 'content-type': 'video/x-flv', 'cache-control': 'no-store', 'x-accel-buffering': 'no' };

/** What the server needs of an engine's session: RTMP or FLV, and the query it came with. */
interface NmsSession {
  protocol: string;
  streamQuery?: Record<string, unknown>;
}

interface NmsModules {
  Context: {
    config: Record<string, unknown>;
    eventEmitter: { on(event: 'prePlay', listener: (session: NmsSession) => void): void };
  };
  logger: { level: string };
  NodeRtmpServer: new () => { tcpServer?: Server; stop(): void };
  FlvSession: new (req: object, res: ServerResponse) => { run(): void; id: string; onClose(): void };
}

/** The engine's events are global to the process: its play guard is added once. */
let playGuarded = false;
let embedded: { port: number; users: number; server: { stop(): void }; secret: string } | undefined;

/** node-media-server's RTMP server in this process (one per process: its state is global). */
async function startEmbedded(
  config: Config,
  secret: string,
  log: FastifyBaseLogger,
): Promise<MediaEngine | undefined> {
  const nms: NmsModules = {
    Context: require('node-media-server/src/core/context.js'),
    logger: require('node-media-server/src/core/logger.js'),
    NodeRtmpServer: require('node-media-server/src/server/rtmp_server.js'),
    FlvSession: require('node-media-server/src/session/flv_session.js'),
  };
  if (!embedded) {
    nms.logger.level = process.env.NMS_LOG ?? 'error';
    nms.Context.config = {
      bind: config.MEDIA_HOST,
      rtmp: { port: config.MEDIA_RTMP_PORT, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 },
      auth: { play: true, publish: true, secret },
    };
    // Heard before the engine checks a play's signature (synchronously, in the same call): an
    // RTMP player's query is dropped, so the engine refuses it and closes its connection.
    if (!playGuarded)
      nms.Context.eventEmitter.on('prePlay', (session) => {
        if (session.protocol !== 'flv') session.streamQuery = {};
      });
    playGuarded = true;
    const server = new nms.NodeRtmpServer();
    const tcp = server.tcpServer as Server;
    const listening = await new Promise<boolean>((resolve) => {
      tcp.once('error', (error: NodeJS.ErrnoException) => {
        // The console keeps working without live video; the log says why.
        log.error(
          { err: error },
          `MEDIA_RTMP_PORT ${config.MEDIA_RTMP_PORT} is not usable: live camera is off`,
        );
        resolve(false);
      });
      tcp.listen(config.MEDIA_RTMP_PORT, config.MEDIA_HOST, () => resolve(true));
    });
    if (!listening) return undefined;
    embedded = { port: config.MEDIA_RTMP_PORT, users: 0, server, secret };
  }
  const engine = embedded;
  engine.users += 1;
  const host = new URL(config.publicUrl).hostname;
  const base = config.MEDIA_PUBLISH_URL ?? `rtmp://${host}:${engine.port}/${APP}`;
  return {
    publishUrl: (key, camera, validSeconds) =>
      `${base}/${streamName(key, camera)}${sign(`/${APP}/${streamName(key, camera)}`, validSeconds, engine.secret)}`,
    play(key, camera, request, response) {
      response.writeHead(200, FLV_HEADERS);
      const streaming = firstTag(response);
      // The engine's own FLV session, fed the request it expects from its HTTP server.
      const session = new nms.FlvSession(
        {
          socket: request.socket,
          method: 'GET',
          hostname: '',
          params: { app: APP, name: streamName(key, camera) },
          query: { sign: signature(`/${APP}/${streamName(key, camera)}`, PLAY_SIGN_SECONDS, engine.secret) },
          on: (event: string, listener: (...args: unknown[]) => void) => request.on(event, listener),
        },
        response,
      );
      session.run();
      return {
        streaming,
        stop: () => {
          response.end();
          request.socket.destroy();
        },
      };
    },
    close: async () => {
      engine.users -= 1;
      if (engine.users > 0 || embedded !== engine) return;
      embedded = undefined;
      engine.server.stop();
    },
  };
}

/** An external engine: devices publish to MEDIA_PUBLISH_URL, the server relays MEDIA_PLAY_URL's HTTP-FLV. */
function external(config: Config, log: FastifyBaseLogger): MediaEngine {
  const publish = (config.MEDIA_PUBLISH_URL ?? '').replace(/\/$/, '');
  const play = (config.MEDIA_PLAY_URL ?? '').replace(/\/$/, '');
  const publishPath = new URL(publish).pathname;
  return {
    publishUrl: (key, camera, validSeconds) =>
      `${publish}/${streamName(key, camera)}${sign(`${publishPath}/${streamName(key, camera)}`, validSeconds, config.MEDIA_SECRET)}`,
    play(key, camera, request, response) {
      const abort = new AbortController();
      response.writeHead(200, FLV_HEADERS);
      const streaming = firstTag(response);
      // Signed as the embedded engine's own sessions are: an external engine set to check plays
      // (node-media-server's auth.play) plays only to this server.
      const path = `${new URL(play).pathname}/${streamName(key, camera)}`.replace(/^\/+/, '/');
      const address = `${play}/${streamName(key, camera)}.flv${sign(path, PLAY_SIGN_SECONDS, config.MEDIA_SECRET)}`;
      void fetch(address, { signal: abort.signal })
        .then((answer) => {
          if (!answer.ok || !answer.body) throw new Error(`the media engine answered ${answer.status}`);
          Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream).pipe(response);
        })
        .catch((error) => {
          if (!abort.signal.aborted) log.warn({ err: error }, 'live stream relay failed');
          response.end();
        });
      request.on('close', () => abort.abort());
      return {
        streaming,
        stop: () => {
          abort.abort();
          response.end();
        },
      };
    },
    close: async () => {},
  };
}

/** The configured engine; undefined when live video is off (MEDIA_ENABLED=false) or its port is taken. */
export async function startMediaEngine(
  config: Config,
  secret: string,
  log: FastifyBaseLogger,
): Promise<MediaEngine | undefined> {
  if (config.MEDIA_PLAY_URL) return external(config, log);
  if (!config.mediaEnabled) return undefined;
  return startEmbedded(config, secret, log);
}
