// The rules of rollouts: who is updated (the preview), when (a window in the customer's local time,
// or now), and how a rollout is created, cancelled or resumed. The job that moves rollouts is
// rolloutJob.ts. A refused rollout changes nothing.
import { randomUUID } from 'node:crypto';
import {
  FIRMWARE_MIN_VERSION,
  type ListQuery,
  localToUtc,
  ROLLOUT_WINDOW_MAX_DAYS,
  type Rollout,
  type RolloutBody,
  type RolloutIneligibleReason,
  type RolloutPreview,
  rolloutBodySchema,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { customerExists } from '../customers/public.ts';
import { firmwareById } from './repository.ts';
import {
  deviceInScope,
  deviceUpdates,
  endWaiting,
  insertRollout,
  type JudgedRow,
  judgedDevices,
  listRollouts,
  rolloutById,
  rolloutCustomer,
  rolloutDeviceCount,
  rolloutDevices,
  setRolloutStatus,
} from './rollouts.repository.ts';

type ParsedBody = ReturnType<typeof rolloutBodySchema.parse>;

const invalid = (field: string, key: string, params?: Record<string, unknown>) =>
  new ApiError('validation', { fields: [{ field, key, ...(params ? { params } : {}) }] });

/** Every rollout written by a user (created, cancelled, resumed) is recorded, with its device count. */
const audit = auditTrail('firmware_rollout', 'firmware_rollouts', async (tx, id) => ({
  devices: await rolloutDeviceCount(tx, id),
}));

/** The message of each reason a named device is refused for. */
const REFUSAL: Record<Exclude<RolloutIneligibleReason, 'offline'>, string> = {
  'below-minimum': 'firmwareBelowMinimum',
  'other-device-type': 'firmwareOtherDeviceType',
  'already-at-version': 'firmwareAlreadyAtVersion',
};

export function rolloutService(database: DatabaseHandle, wake: () => void) {
  async function uploadedFirmware(id: string) {
    const firmware = found(await firmwareById(database, id));
    if (firmware.status !== 'uploaded') throw new ApiError('notFound');
    return firmware;
  }

  /** The firmware and customer a rollout is asked for, checked. */
  async function checked(access: RequestAccess, firmwareId: string, body: ParsedBody) {
    const firmware = await uploadedFirmware(firmwareId);
    access.mustSee(body.customer_id);
    if (!(await customerExists(database, body.customer_id))) throw invalid('customer_id', 'customerRequired');
    return firmware;
  }

  return {
    async preview(access: RequestAccess, firmwareId: string, input: RolloutBody): Promise<RolloutPreview> {
      const body = rolloutBodySchema.parse(input);
      const firmware = await checked(access, firmwareId, body);
      const judged = await judgedDevices(database, body.customer_id, firmware.id, body);
      return {
        eligible: judged.filter((j) => !j.reason).map(deviceOf),
        ineligible: judged.flatMap((j) => (j.reason ? [{ ...deviceOf(j), reason: j.reason }] : [])),
      };
    },

    async create(
      access: RequestAccess,
      firmwareId: string,
      input: RolloutBody,
      now = new Date(),
    ): Promise<Rollout> {
      const body = rolloutBodySchema.parse(input);
      const firmware = await checked(access, firmwareId, body);
      // Devices named are each judged first: one that cannot take the firmware refuses the rollout.
      if (body.target === 'devices') {
        const judged = await judgedDevices(database, body.customer_id, firmware.id, body);
        if (judged.length < new Set(body.device_ids).size)
          throw invalid('device_ids', 'firmwareDeviceNotOfCustomer');
        const refused = judged.find((j) => j.reason && j.reason !== 'offline');
        if (refused?.reason && refused.reason !== 'offline')
          throw invalid('device_ids', REFUSAL[refused.reason], {
            device: refused.device_id,
            min: FIRMWARE_MIN_VERSION,
          });
      }
      const window = windowOf(body, now);
      const id = randomUUID();
      await audited(database, audit(access.principal, 'create'), async (tx) => {
        const devices = await insertRollout(
          tx,
          {
            id,
            customer_id: body.customer_id,
            firmware_id: firmware.id,
            target: body.target,
            group_ids: body.target === 'groups' ? body.group_ids : [],
            immediate: body.immediate,
            starts_at: window.starts,
            ends_at: window.ends,
            time_zone: body.time_zone,
            first_stage_size: body.first_stage_size,
            success_threshold: body.success_threshold,
            error_threshold: body.error_threshold,
            error_action: body.error_action,
            rate_per_minute: body.rate_per_minute,
            device_timeout_minutes: body.device_timeout_minutes,
            created_by: access.principal.userId,
          },
          body,
        );
        if (devices === 0)
          throw invalid(body.target === 'groups' ? 'group_ids' : 'device_ids', 'firmwareNoMatchingDevice');
        return id;
      });
      wake();
      return found(await rolloutById(database, access, id));
    },

    one: async (scope: Scoped, id: string) => found(await rolloutById(database, scope, id)),

    list: async (
      scope: Scoped,
      query: ListQuery & { firmware_id?: string | undefined; status?: string | undefined },
    ) => pageOf(query, await listRollouts(database, scope, query)),

    async devices(scope: Scoped, id: string, query: ListQuery & { status?: string | undefined }) {
      const customerId = found(await rolloutCustomer(database, scope, id));
      return pageOf(query, await rolloutDevices(database, { customer_id: customerId, id }, query));
    },

    async deviceLog(scope: Scoped, devicePk: string, query: ListQuery) {
      if (!(await deviceInScope(database, scope, devicePk))) throw new ApiError('notFound');
      return pageOf(query, await deviceUpdates(database, scope, devicePk, query));
    },

    /** No new device starts; devices already updating finish or time out. */
    async cancel(access: RequestAccess, id: string, now = new Date()): Promise<Rollout> {
      const customerId = found(await rolloutCustomer(database, access, id));
      const rollout = { customer_id: customerId, id };
      await audited(database, audit(access.principal, 'update', id), async (tx) => {
        const moved = await setRolloutStatus(tx, rollout, { status: 'cancelled', reason: 'cancelled' }, [
          'scheduled',
          'running',
          'paused',
        ]);
        if (!moved)
          throw new ApiError('validation', { fields: [{ field: 'status', key: 'firmwareRolloutEnded' }] });
        await endWaiting(tx, rollout, 'cancelled', now);
        return id;
      });
      wake();
      return found(await rolloutById(database, access, id));
    },

    /** A paused rollout goes on: a pause for too few successes opens the second stage. */
    async resume(access: RequestAccess, id: string): Promise<Rollout> {
      const current = found(await rolloutById(database, access, id));
      await audited(database, audit(access.principal, 'update', id), async (tx) => {
        const moved = await setRolloutStatus(
          tx,
          { customer_id: current.customer.id, id },
          {
            status: 'running',
            reason: 'resumed',
            ...(current.status_reason === 'below-success-threshold' ? { stage: 2 as const } : {}),
          },
          ['paused'],
        );
        if (!moved)
          throw new ApiError('validation', {
            fields: [{ field: 'status', key: 'firmwareRolloutNotPaused' }],
          });
        return id;
      });
      wake();
      return found(await rolloutById(database, access, id));
    },
  };
}

const deviceOf = (d: JudgedRow) => ({
  id: d.id,
  device_id: d.device_id,
  device_type: d.device_type,
  vehicle: d.vehicle_id ? { id: d.vehicle_id, name: d.vehicle_name ?? '' } : null,
  firmware: d.firmware,
  online: d.online,
});

/** The window as instants: now for an immediate update; a window that has ended is refused. */
function windowOf(body: ParsedBody, now: Date) {
  const starts = body.immediate ? now : localToUtc(body.starts_at ?? '', body.time_zone);
  if (!starts) throw invalid('starts_at', 'firmwareStartInvalid');
  const ends = localToUtc(body.ends_at, body.time_zone);
  if (!ends) throw invalid('ends_at', 'firmwareEndRequired');
  if (ends.getTime() <= now.getTime()) throw invalid('ends_at', 'firmwareWindowEnded');
  if (ends.getTime() <= starts.getTime()) throw invalid('ends_at', 'firmwareWindowOrder');
  if (ends.getTime() - Math.max(starts.getTime(), now.getTime()) > ROLLOUT_WINDOW_MAX_DAYS * 86_400_000)
    throw invalid('ends_at', 'firmwareWindowTooLong', { days: ROLLOUT_WINDOW_MAX_DAYS });
  return { starts, ends };
}
