// Live camera: a vehicle's cameras and limits, starting a view (the device is asked to
// publish through the device link), the viewer's heartbeats and stop, the list of who watched
// which vehicle when, and the signed HTTP-FLV stream of one camera, whose time the server counts
// as it sends it. Around them: the media engine (media.ts) and the sweep that ends silent views
// and stops streams nobody watches.
import type { Socket } from 'node:net';
import {
  liveCameraTargetSchema,
  liveViewListQuerySchema,
  liveViewPageSchema,
  liveViewSchema,
  liveViewStartSchema,
  liveViewStatusSchema,
  READ_RULES,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { fileResponse } from '../../platform/openapi.ts';
import { op, routesOf } from '../../platform/routes.ts';
import { serverSecret } from '../../platform/secrets.ts';
import { startMediaEngine } from './media.ts';
import { LIVE_SWEEP_SECONDS, liveCameraService } from './service.ts';

const idParams = z.object({ id: z.uuid() });
const streamParams = z.object({ id: z.uuid(), camera: z.coerce.number().int().min(1).max(4) });
// Optional in the schema so that a missing token is refused like a wrong one (403).
const streamQuery = z.object({
  expires: z.coerce.number().int().optional(),
  token: z.string().max(100).optional(),
});
/** How often the stream route counts its time and asks whether its view still plays. */
const STREAM_COUNT_MS = 1000;

export async function registerLiveCamera(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, config } = platform;
  const log = app.log.child({ module: 'live-camera' });
  const secret = await serverSecret(database, 'live-camera-streams');
  const media = await startMediaEngine(config, secret.toString('hex'), log);
  if (media) app.addHook('onClose', () => media.close());
  // Down: wanted (embedded, or an external engine) but not running, its RTMP port taken at start.
  platform.health.set('media', () =>
    media ? 'up' : config.mediaEnabled || config.MEDIA_PLAY_URL ? 'down' : 'off',
  );
  // live-start and live-stop go out through the device link; without it they stay queued.
  const live = liveCameraService({ database, commands: platform.deviceLink.commands, media, secret });
  // One replica at a time ends the views nobody watches and stops their streams.
  const sweep = platform.jobs.start({
    name: 'live-camera sweep',
    run: async () => {
      await live.sweep();
      return new Date(Date.now() + LIVE_SWEEP_SECONDS * 1000);
    },
  });
  app.addHook('onClose', () => sweep.stop());
  // The connections of streams played, cut when the server closes: a hijacked response's
  // connection never counts as idle, so the HTTP server would otherwise wait for it (a minute
  // and more) before it closes.
  const streams = new Set<Socket>();
  app.addHook('preClose', async () => {
    for (const socket of streams) socket.destroy();
  });

  const route = routesOf(app, platform, ['live-camera']);
  route.get(
    '/vehicles/:id/live-camera',
    op(
      READ_RULES.liveCamera,
      "A vehicle's cameras for live view: its device, whether it is online, the company's limits",
      {
        params: idParams,
        reply: liveCameraTargetSchema,
      },
    ),
    ({ access, params }) => live.target(access, params.id),
  );
  route.post(
    '/vehicles/:id/live-camera',
    op(
      READ_RULES.liveCamera,
      "Start watching a vehicle's cameras live: the device is asked to publish; the answer has a signed stream address per camera",
      { params: idParams, body: liveViewStartSchema, reply: liveViewSchema, status: 201 },
    ),
    ({ access, params }) => live.start(access, params.id),
  );
  route.post(
    '/live-camera/views/:id/heartbeat',
    op(
      READ_RULES.liveCamera,
      'Still there: the answer says whether the view goes on and the time the server counted',
      {
        params: idParams,
        reply: liveViewStatusSchema,
      },
    ),
    ({ access, params }) => live.heartbeat(access, params.id),
  );
  route.post(
    '/live-camera/views/:id/stop',
    op(READ_RULES.liveCamera, 'Stop watching: the view ends and its streams are cut', {
      params: idParams,
      reply: liveViewStatusSchema,
    }),
    ({ access, params }) => live.heartbeat(access, params.id, 'stopped'),
  );
  route.get(
    '/live-camera/views',
    op(READ_RULES.liveCamera, 'Who watched which vehicle live, when and for how long, newest first', {
      query: liveViewListQuerySchema,
      reply: liveViewPageSchema,
    }),
    ({ access, query }) => live.list(access, query),
  );

  // The stream itself: no bearer token (a video player cannot send one), the signed address is
  // the permission, and it plays only while its view does. Its time is counted here, as it is
  // sent (time.service.ts): every second, and at the moment the allowance runs out, when the
  // stream is cut; and once more when the viewer leaves.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/live-camera/views/:id/cameras/:camera',
    {
      schema: {
        tags: ['live-camera'],
        summary: "One camera's live HTTP-FLV stream, through the signed address a view was given",
        params: streamParams,
        querystring: streamQuery,
        produces: ['video/x-flv'],
        response: {
          200: fileResponse(['video/x-flv'], "The camera's live picture, H.264 in FLV, until the view ends"),
        },
      },
    },
    async (request, reply) => {
      const { id, camera } = request.params;
      const { expires, token } = request.query;
      const key = expires && token ? await live.streamOfToken(id, camera, expires, token) : undefined;
      if (!key || !media) throw new ApiError('forbidden');
      reply.hijack();
      const playing = media.play(key, camera, request.raw, reply.raw);
      // Counted from the first picture sent: waiting for the device to publish is not watching.
      let counter: ReturnType<typeof live.streamCounter> | undefined;
      const socket = request.raw.socket;
      streams.add(socket);
      socket.once('close', () => streams.delete(socket));
      let timer: NodeJS.Timeout | undefined;
      let closed = false;
      const count = () => {
        counter
          ?.count()
          .then(({ plays, leftSeconds }) => {
            if (closed) return;
            if (!plays) return playing.stop();
            timer = setTimeout(count, Math.max(20, Math.min(STREAM_COUNT_MS, leftSeconds * 1000)));
          })
          .catch((error) => {
            // Time that cannot be counted is not streamed.
            log.warn({ err: error, view: id }, 'live stream not counted: cut');
            playing.stop();
          });
      };
      void playing.streaming.then(() => {
        if (closed) return;
        counter = live.streamCounter(id);
        timer = setTimeout(count, STREAM_COUNT_MS);
      });
      reply.raw.on('close', () => {
        closed = true;
        clearTimeout(timer);
        counter?.count().catch((error) => log.warn({ err: error, view: id }, 'live stream end not counted'));
      });
    },
  );
}
