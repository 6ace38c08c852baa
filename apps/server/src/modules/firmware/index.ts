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
  listQuerySchema,
  rolloutBodySchema,
  rolloutDeviceListQuerySchema,
  rolloutDeviceSchema,
  rolloutListQuerySchema,
  rolloutPreviewSchema,
  rolloutSchema,
} from '@fleetlens/contracts';
import type { Platform } from '../../platform/index.ts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { objectStorage } from '../../platform/storage.ts';
import { rolloutJob } from './rolloutJob.ts';
import { applyAnswers } from './rollouts.repository.ts';
import { rolloutService } from './rollouts.service.ts';
import { firmwareService } from './service.ts';

/** How often uploads whose address expired are looked for. */
const UPLOAD_SWEEP_MS = 60_000;

export const registerFirmware = routeModule(['firmware'], (route, platform: Platform, app) => {
  const { config, database } = platform;
  const storage = objectStorage(config, database);
  const firmwares = firmwareService(database, storage);
  const job = platform.jobs.start(
    rolloutJob({ database, storage, commands: platform.deviceLink.commands, log: app.log }),
  );
  const rollouts = rolloutService(database, () => job.wake());
  // What devices report on their updates moves their rollout rows; a change may open a stage.
  platform.deviceLink.onCommitted((batch) => {
    if (batch.acks.length === 0) return;
    applyAnswers(database, batch.acks).then(
      (changed) => changed.length > 0 && job.wake(),
      (error: unknown) => app.log.error({ err: error }, 'firmware update answers not applied'),
    );
  });

  route.get(
    '/firmwares',
    op('firmwares', 'The uploaded firmware files, newest first', {
      query: firmwareListQuerySchema,
      reply: listPageSchema(firmwareSchema),
      exported: true,
    }),
    ({ query }) => firmwares.list(query),
  );

  route.get(
    '/firmwares/upload-logs',
    op('firmwareUploadLogs', 'Every firmware upload, under way, done or failed, newest first', {
      query: firmwareUploadLogQuerySchema,
      reply: listPageSchema(firmwareSchema),
      exported: true,
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
    ({ access, params }) => firmwares.complete(access, params.id),
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
    ({ access, params, body }) => firmwares.edit(access, params.id, body),
  );

  route.post(
    '/firmwares/:id/preview',
    op(
      'firmwareSchedule',
      'Who a rollout of this file would update: the eligible devices, and every other one with its reason',
      { params: idParams, body: rolloutBodySchema, reply: rolloutPreviewSchema },
    ),
    ({ access, params, body }) => rollouts.preview(access, params.id, body),
  );

  route.post(
    '/firmwares/:id/rollouts',
    op(
      'firmwareSchedule',
      "Roll this file out to a customer's devices or vehicle groups: in a window of local time or at once, in two stages, at a rate",
      { params: idParams, body: rolloutBodySchema, reply: rolloutSchema, status: 201 },
    ),
    ({ access, params, body }) => rollouts.create(access, params.id, body),
  );

  route.get(
    '/firmware-rollouts',
    op('firmwareUpdateLogs', 'The rollouts, newest first, with their totals and finished counts', {
      query: rolloutListQuerySchema,
      reply: listPageSchema(rolloutSchema),
      exported: true,
    }),
    ({ access, query }) => rollouts.list(access, query),
  );

  route.get(
    '/firmware-rollouts/:id',
    op('firmwareUpdatedStatus', 'One rollout with its totals and finished counts', {
      params: idParams,
      reply: rolloutSchema,
    }),
    ({ access, params }) => rollouts.one(access, params.id),
  );

  route.get(
    '/firmware-rollouts/:id/devices',
    op('firmwareUpdatedStatus', "A rollout's devices, each with its step, progress and version", {
      params: idParams,
      query: rolloutDeviceListQuerySchema,
      reply: listPageSchema(rolloutDeviceSchema),
    }),
    ({ access, params, query }) => rollouts.devices(access, params.id, query),
  );

  route.post(
    '/firmware-rollouts/:id/cancel',
    op('firmwareSchedule', 'Cancel a rollout: no new device starts; those updating finish or time out', {
      params: idParams,
      reply: rolloutSchema,
    }),
    ({ access, params }) => rollouts.cancel(access, params.id),
  );

  route.post(
    '/firmware-rollouts/:id/resume',
    op('firmwareSchedule', 'Resume a paused rollout', { params: idParams, reply: rolloutSchema }),
    ({ access, params }) => rollouts.resume(access, params.id),
  );

  route.get(
    '/firmware-device-updates/:id',
    op('firmwareDevice', "A device's firmware updates, newest first", {
      params: idParams,
      query: listQuerySchema,
      reply: listPageSchema(rolloutDeviceSchema),
    }),
    ({ access, params, query }) => rollouts.deviceLog(access, params.id, query),
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
    await job.stop();
  });
});
