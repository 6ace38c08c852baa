// Events and their clips (domain spec §3 Event, §4 video states): what happened on a vehicle and
// the video around it, for the safety manager to find, watch and review. Here: the list with the
// safety manager's filters, one event with its clips and viewers, the reviewer's changes,
// deletion (never of a restricted event), recording a view, playing, downloading and recreating
// clips, and on-demand video of a vehicle (videos.service.ts). Around the routes: the clip job
// (clipJob.ts), the live push of new events (live.ts) and their announcement to other modules
// (announce.ts: webhooks), fed by the device link's ingestion, and the random video job
// (randomVideoJob.ts).
import {
  ACTION_ROLES,
  type ClipAddressKind,
  clipAddressSchema,
  clipsPlaySchema,
  eventDetailSchema,
  eventListQuerySchema,
  eventPageSchema,
  eventUpdateSchema,
  READ_RULES,
  videoRequestAnswerSchema,
  videoRequestSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cachedProbe } from '../../platform/health.ts';
import { requestLanguage, translate } from '../../platform/i18n.ts';
import type { Platform } from '../../platform/index.ts';
import { routesOf } from '../../platform/routes.ts';
import { objectStorage } from '../../platform/storage.ts';
import { oneTimeUploads } from '../../platform/uploads.ts';
import { announceEventsCreated } from './announce.ts';
import { clipJob } from './clipJob.ts';
import { markSent } from './clips.repository.ts';
import { EventLivePush } from './live.ts';
import { mailJob } from './mailJob.ts';
import { randomVideoJob } from './randomVideoJob.ts';
import { eventService } from './service.ts';
import { registerVideoRoutes } from './videos.routes.ts';
import { videoService } from './videos.service.ts';

const idParams = z.object({ id: z.uuid() });
const clipParams = z.object({ id: z.uuid(), clipId: z.uuid() });

export async function registerEvents(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, config } = platform;
  const route = routesOf(app, platform, ['events']);
  const storage = objectStorage(config, database);

  // The device link sends the clips' commands; without it they stay queued.
  const { commands } = platform.deviceLink;
  const uploads = oneTimeUploads(database, storage);
  // Each sending's address is good for one upload, under a key of its own (the clip job accepts it).
  platform.deviceLink.signUploads((key, commandId) =>
    uploads.issue({
      like: key,
      owner: commandId,
      contentType: 'video/mp4',
      seconds: config.CLIP_UPLOAD_URL_SECONDS,
    }),
  );
  const log = app.log.child({ module: 'events' });
  const live = EventLivePush.of(database, platform.hub);

  // Work set off by the link and the jobs, awaited before the database closes.
  const running = new Set<Promise<unknown>>();
  const track = (what: string, work: Promise<unknown>) => {
    const task = work.catch((error) => log.warn({ err: error }, what));
    running.add(task);
    void task.finally(() => running.delete(task));
  };
  const clipsChanged = (ids: string[]) => track('live push of clip states failed', live.changed(ids));
  // New events: pushed to the browsers, and announced to the modules that act on them.
  const eventsCreated = (ids: string[]) => {
    track('live push of events failed', live.created(ids));
    track('new events not announced', announceEventsCreated(platform.hub, ids));
  };
  const job = platform.jobs.start(
    clipJob({ database, storage, commands, config, log, changed: clipsChanged }),
  );
  // Mail: down from a failed send until one succeeds (a probe of its own would mail nobody).
  let mailFailed = false;
  platform.health.set('mail', () => (!config.SMTP_URL ? 'off' : mailFailed ? 'down' : 'up'));
  const mail = platform.jobs.start(mailJob({ database, config, sent: (ok) => (mailFailed = !ok) }));
  // Storage: a look-up of a key nobody writes, at most every 30 s (an S3 request costs).
  platform.health.set(
    'storage',
    cachedProbe(async () => {
      await storage.head('health/probe');
      return 'up';
    }, 30_000),
  );
  const random = platform.jobs.start(
    randomVideoJob({
      database,
      commands,
      log,
      created: eventsCreated,
    }),
    config.RANDOM_VIDEO_CHECK_SECONDS * 1000,
  );
  platform.deviceLink.onCommitted((pushes) => {
    if (pushes.events.length > 0) eventsCreated(pushes.events.map((e) => e.eventId));
    if (pushes.events.length > 0 || pushes.acks.length > 0) job.wake();
    if (pushes.events.length > 0) mail.wake();
  });
  platform.deviceLink.onCommandsSent((ids) =>
    track(
      'clips not moved to waiting',
      markSent(database, ids).then((eventIds) => {
        if (eventIds.length > 0) clipsChanged(eventIds);
        job.wake();
      }),
    ),
  );
  app.addHook('onClose', async () => {
    await job.stop();
    await mail.stop();
    await random.stop();
    while (running.size > 0) await Promise.allSettled([...running]);
  });

  const events = eventService({
    database,
    storage,
    commands,
    log,
    wakeClips: () => job.wake(),
    clipsChanged,
  });
  const videos = videoService({
    database,
    commands,
    events,
    created: eventsCreated,
  });

  route.get(
    '/events',
    {
      rule: READ_RULES.eventList,
      summary:
        'Events, newest first, paged (page, or cursor past the first 10,000), filtered by period, type, company, vehicle, vehicle group, operator, tag, video status, review state',
      query: eventListQuerySchema,
      reply: eventPageSchema,
      exported: true,
    },
    ({ access, query }) => events.list(access, query),
  );

  route.get(
    '/events/:id',
    {
      rule: READ_RULES.eventList,
      summary: 'One event with its clips and viewers',
      params: idParams,
      reply: eventDetailSchema,
    },
    ({ access, params }) => events.detail(access, params.id),
  );

  route.put(
    '/events/:id',
    {
      rule: { roles: ACTION_ROLES.eventEdit },
      summary: 'Tag, comment, exclude, restrict (do-not-delete) or move an event in its review',
      params: idParams,
      body: eventUpdateSchema,
      reply: eventDetailSchema,
    },
    ({ access, params, body }) => events.update(access, params.id, body),
  );

  route.delete(
    '/events/:id',
    {
      rule: { roles: ACTION_ROLES.eventDelete },
      summary: 'Delete an event and its clips (a restricted, do-not-delete event is refused)',
      params: idParams,
      reply: z.object({ id: z.string() }),
    },
    ({ access, params }) => events.remove(access, params.id),
  );

  route.post(
    '/events/:id/views',
    {
      rule: READ_RULES.eventList,
      summary: 'Record that the caller opened the event (one more view; among its viewers)',
      params: idParams,
      reply: eventDetailSchema,
    },
    ({ access, params }) => events.view(access, params.id),
  );

  const address = (kind: ClipAddressKind, summary: string) =>
    route.post(
      `/events/:id/clips/:clipId/${kind}`,
      { rule: READ_RULES.clips, summary: summary, params: clipParams, reply: clipAddressSchema },
      ({ access, params }) => events.clipAddress(access, params.id, params.clipId, kind),
    );
  address('play', "A signed address to play a completed clip (recorded among the event's viewers)");
  route.post(
    '/events/:id/clips/play',
    {
      rule: READ_RULES.clips,
      summary: "Signed addresses to play the event's completed clips together (one play among its viewers)",
      params: idParams,
      reply: clipsPlaySchema,
    },
    ({ access, params }) => events.playClips(access, params.id),
  );
  address('download', 'A signed address to download a completed clip (recorded as a download)');

  route.post(
    '/events/:id/clips/:clipId/recreate',
    {
      rule: { roles: ACTION_ROLES.eventClipRecreate },
      summary: 'Ask the device again for a failed clip (timeout, creation error, conversion failed)',
      params: clipParams,
      reply: eventDetailSchema,
    },
    ({ access, params }) => events.recreate(access, params.id, params.clipId),
  );

  registerVideoRoutes(route, videos);

  route.post(
    '/vehicles/:id/videos',
    {
      rule: { roles: ACTION_ROLES.videoCreate },
      summary:
        "On-demand video (event type clip, code 23): each camera's recording of a window of the vehicle's running time, at most 5 minutes (3 with four cameras); a device offline gets it when back",
      params: idParams,
      body: videoRequestSchema,
      reply: videoRequestAnswerSchema,
    },
    async ({ access, params, body, request, say }) => {
      const answer = await videos.request(access, params.id, body);
      if (answer.device_offline)
        say(translate(requestLanguage(request.headers['accept-language']), 'errors', 'videoDeviceOffline'));
      return answer;
    },
  );
}
