// The video screens' reads (console /event-video, /video-history, /video/{vehicleId}/create): the
// asked-for videos and one of them with its clips (the event video screen's readers, who need not
// read the event list), who viewed or downloaded which video (the video history's readers), and
// the vehicle's device as the on-demand video page checks a window against it (those who may ask).
import {
  eventDetailSchema,
  eventVideoListQuerySchema,
  eventVideoPageSchema,
  videoDeviceSchema,
  videoHistoryPageSchema,
  videoHistoryQuerySchema,
} from '@fleetlens/contracts';
import { idParams, op, type routesOf } from '../../platform/routes.ts';
import type { VideoService } from './videos.service.ts';

export function registerVideoRoutes(route: ReturnType<typeof routesOf>, videos: VideoService): void {
  route.get(
    '/event-videos',
    op(
      'eventVideo',
      'Asked-for videos (on-demand clip, Random), newest first, with who asked, the window and each clip’s state; the event list’s filters',
      { query: eventVideoListQuerySchema, reply: eventVideoPageSchema, exported: true },
    ),
    ({ access, query }) => videos.list(access, query),
  );

  route.get(
    '/event-videos/:id',
    op('eventVideo', 'One asked-for video with its clips and viewers (another type of event is 404)', {
      params: idParams,
      reply: eventDetailSchema,
    }),
    ({ access, params }) => videos.one(access, params.id),
  );

  route.get(
    '/video-history',
    op(
      'videoHistory',
      'Who opened, played or downloaded which video when, newest first, paged, by period, kind, company, vehicle',
      { query: videoHistoryQuerySchema, reply: videoHistoryPageSchema, exported: true },
    ),
    ({ access, query }) => videos.history(access, query),
  );

  route.get(
    '/vehicles/:id/video-device',
    op(
      'videoCreate',
      "The vehicle's device for on-demand video: its cameras, its longest video (5 minutes, 3 with four cameras), connected or not",
      { params: idParams, reply: videoDeviceSchema },
    ),
    ({ access, params }) => videos.device(access, params.id),
  );
}
