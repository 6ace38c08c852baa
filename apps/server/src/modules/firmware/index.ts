// Firmware over the air (provider staff: support and kitting, admin): firmware files uploaded
// through one-time signed addresses, their list, information and upload log. The rules live in
// service.ts; docs/decisions/2026-12-07-firmware-over-the-air.md says why.
import {
  firmwareEditBodySchema,
  firmwareListQuerySchema,
  firmwareSchema,
  firmwareUploadBodySchema,
  firmwareUploadLogQuerySchema,
  firmwareUploadStartSchema,
  listPageSchema,
} from '@fleetlens/contracts';
import type { Platform } from '../../platform/index.ts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { objectStorage } from '../../platform/storage.ts';
import { firmwareService } from './service.ts';

/** How often uploads whose address expired are looked for. */
const UPLOAD_SWEEP_MS = 60_000;

export const registerFirmware = routeModule(['firmware'], (route, platform: Platform, app) => {
  const { config, database } = platform;
  const firmwares = firmwareService(database, objectStorage(config, database));

  route.get(
    '/firmwares',
    op('firmwares', 'The uploaded firmware files, newest first', {
      query: firmwareListQuerySchema,
      reply: listPageSchema(firmwareSchema),
    }),
    ({ query }) => firmwares.list(query),
  );

  route.get(
    '/firmwares/upload-logs',
    op('firmwareUploadLogs', 'Every firmware upload, under way, done or failed, newest first', {
      query: firmwareUploadLogQuerySchema,
      reply: listPageSchema(firmwareSchema),
    }),
    ({ query }) => firmwares.uploadLog(query),
  );

  route.post(
    '/firmwares',
    op(
      'firmwareUpload',
      'Start a firmware upload: the file name is checked and read; answers a one-time signed address to PUT the file to',
      { body: firmwareUploadBodySchema, reply: firmwareUploadStartSchema, status: 201 },
    ),
    ({ access, body }) => firmwares.start(access, body),
  );

  route.post(
    '/firmwares/:id/uploaded',
    op('firmwareUpload', 'Say the file was PUT to its address: it is kept with its SHA-256', {
      params: idParams,
      reply: firmwareSchema,
    }),
    ({ params }) => firmwares.complete(params.id),
  );

  route.get(
    '/firmwares/:id',
    op('firmwareInfo', "A firmware file's information", { params: idParams, reply: firmwareSchema }),
    ({ params }) => firmwares.one(params.id),
  );

  route.put(
    '/firmwares/:id',
    op('firmwareUpload', "Change a firmware file's description and latest flag", {
      params: idParams,
      body: firmwareEditBodySchema,
      reply: firmwareSchema,
    }),
    ({ params, body }) => firmwares.edit(params.id, body),
  );

  const sweep = platform.jobs.start({
    name: 'firmware-uploads',
    run: async (_since, now) => {
      await firmwares.failExpired(now);
      return new Date(now.getTime() + UPLOAD_SWEEP_MS);
    },
  });
  app.addHook('onClose', async () => {
    await sweep.stop();
  });
});
