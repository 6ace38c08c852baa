// The rules of pre-shift checks. A customer keeps one checklist per vehicle type (a described
// resource, audited). The operator answers it on the phone page the vehicle's QR code opens: the
// link's signed token names the vehicle, the vehicle's device names the operator signed on now
// (RFID), and the operator confirms with their operator ID; answers to a checklist that changed
// meanwhile are refused. A check with a failed critical item is handled in one place,
// `checkFailed`: the vehicle is locked with the lock-out's lock (released by its unlock) and a
// repair task is opened on the vehicle's maintenance list.
import {
  CHECK_PHOTO_MINUTES,
  type CheckAnswer,
  type CheckForm,
  type CheckListQuery,
  type CheckResult,
  type checkSubmitSchema,
  type checkTemplateBodySchema,
  checkTemplateResource,
  type checkTemplateUpdateSchema,
  wallClockIn,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import { ApiError } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import type { Upload } from '../files/public.ts';
import type { WebhookPublisher } from '../integrations/public.ts';
import { lockForFailedCheck, lockoutsByIds, vehicleLocked } from '../lockouts/public.ts';
import { openCheckRepair } from '../maintenances/public.ts';
import { photoOf } from './photo.ts';
import {
  checkVehicle,
  deleteTemplate,
  findTemplate,
  insertCheck,
  insertTemplate,
  listChecks,
  listTemplates,
  photoOfCheck,
  photoOpen,
  setPhoto,
  uncheckedSince,
  updateTemplate,
  vehicleSeen,
} from './repository.ts';
import { vehicleTokens } from './token.ts';

const templateWrites = recordWrites(checkTemplateResource);

export function checkTemplateService(database: DatabaseHandle) {
  const writes = templateWrites(database);
  const { get: one, list } = scopedReads(database, findTemplate, listTemplates);
  return {
    list,
    get: one,
    async create(access: RequestAccess, body: z.output<typeof checkTemplateBodySchema>) {
      await access.mustUseCustomer(body.customer_id);
      const { customer_id, ...template } = body;
      const id = await writes.create(access, (tx) => insertTemplate(tx, customer_id, template));
      return one(access, id);
    },
    async update(access: RequestAccess, id: string, body: z.output<typeof checkTemplateUpdateSchema>) {
      await writes.update(access, id, (tx) => updateTemplate(tx, access, id, body));
      return one(access, id);
    },
    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deleteTemplate(tx, access, id));
      return { id };
    },
  };
}

/** A check as stored, what its failure handling needs. */
export interface StoredCheck {
  id: string;
  customerId: string;
  vehicleId: string;
  vehicleName: string;
  operatorName: string;
  doneAt: Date;
  items: CheckAnswer[];
}

/** The repair task's comment: the critical items that failed, with the operator's notes. */
const repairComment = (check: StoredCheck) =>
  check.items
    .filter((i) => i.critical && !i.passed)
    .map((i) => (i.note ? `${i.text}: ${i.note}` : i.text))
    .join('; ')
    .slice(0, 1000);

export interface CheckDeps {
  database: DatabaseHandle;
  commands: DeviceCommands;
  /** Where a failed check and the lock it caused are told to the customer's webhooks. */
  publish?: WebhookPublisher;
  /** The clock (tests give theirs). */
  now?: () => Date;
}

export function checkService({ database, commands, publish, now = () => new Date() }: CheckDeps) {
  const tokens = vehicleTokens(database);

  /**
   * A check with a failed critical item, on the check's transaction: the vehicle is locked (cause
   * check; one lock at a time) and its repair task opened. Answers the device to send the lock
   * to once committed. The one place a failed check is handled.
   */
  async function checkFailed(
    tx: Queryable,
    check: StoredCheck,
  ): Promise<{ device: string | null; lockout: string | null }> {
    const lock = await lockForFailedCheck(tx, {
      customerId: check.customerId,
      vehicleId: check.vehicleId,
      checkId: check.id,
    });
    await openCheckRepair(tx, {
      customerId: check.customerId,
      vehicleId: check.vehicleId,
      comment: repairComment(check),
    });
    return lock;
  }

  /** Once committed: the failed check, and the lock it caused, to the customer's webhooks. */
  async function announce(
    check: StoredCheck & { operatorId: string },
    locked: boolean,
    lockout: string | null,
  ) {
    if (!publish) return;
    const customerId = check.customerId;
    await publish('check.failed', [
      {
        customerId,
        data: {
          check: {
            id: check.id,
            vehicle: { id: check.vehicleId, name: check.vehicleName },
            operator: { id: check.operatorId, name: check.operatorName },
            done_at: check.doneAt.toISOString(),
            failed_items: check.items
              .filter((i) => !i.passed)
              .map(({ text, critical, note }) => ({ text, critical, note })),
            locked,
          },
        },
      },
    ]);
    if (!lockout) return;
    const locks = await lockoutsByIds(database, [{ id: lockout, customer_id: customerId }]);
    await publish(
      'lockout.locked',
      locks.map((l) => ({ customerId, data: { lockout: l } })),
    );
  }

  /** The vehicle a link names; a token that is not ours, or of a vehicle gone, answers 404. */
  async function vehicleOfLink(token: string) {
    const vehicleId = await tokens.vehicleOf(token);
    const vehicle = vehicleId && (await checkVehicle(database, vehicleId));
    if (!vehicle) throw new ApiError('notFound', { messageKey: 'checkLinkInvalid' });
    return vehicle;
  }

  return {
    checkFailed,

    /** The check link of a vehicle the caller sees. */
    async link(scope: Scoped, vehicleId: string) {
      if (!(await vehicleSeen(database, scope, vehicleId))) throw new ApiError('notFound');
      return { token: await tokens.sign(vehicleId) };
    },

    async list(scope: Scoped, query: CheckListQuery) {
      if (query.vehicle_id && !(await vehicleSeen(database, scope, query.vehicle_id)))
        throw new ApiError('notFound');
      return pageOf(query, await listChecks(database, scope, query));
    },

    /** What the phone page shows for a link. */
    async form(token: string): Promise<CheckForm> {
      const vehicle = await vehicleOfLink(token);
      return {
        vehicle: { name: vehicle.name, vehicle_type: vehicle.vehicle_type },
        operator: vehicle.operator_name === null ? null : { name: vehicle.operator_name },
        items: vehicle.items ?? [],
        locked: await vehicleLocked(database, vehicle.customer_id, vehicle.id),
      };
    },

    /** The operator's answers to the vehicle's checklist, kept; a failed critical item locks. */
    async submit(token: string, body: z.output<typeof checkSubmitSchema>): Promise<CheckResult> {
      const vehicle = await vehicleOfLink(token);
      if (!vehicle.items || vehicle.items.length === 0)
        throw new ApiError('conflict', { messageKey: 'checkNoTemplate' });
      if (!vehicle.operator_id || vehicle.operator_name === null)
        throw new ApiError('conflict', { messageKey: 'checkNobodySignedOn' });
      if (vehicle.operator_code?.trim().toLowerCase() !== body.operator_code.trim().toLowerCase())
        throw new ApiError('forbidden', { messageKey: 'checkOperatorMismatch' });
      const items = vehicle.items;
      if (body.answers.length !== items.length)
        throw new ApiError('conflict', { messageKey: 'checkAnswersMismatch' });
      const answers: CheckAnswer[] = items.map((item, i) => ({
        text: item.text,
        critical: item.critical,
        passed: body.answers[i]?.passed ?? false,
        note: body.answers[i]?.note ?? '',
      }));
      const passed = answers.every((a) => a.passed);
      const criticalFailed = answers.some((a) => a.critical && !a.passed);
      const doneAt = now();
      const operatorId = vehicle.operator_id;
      const operatorName = vehicle.operator_name;
      const stored = (checkId: string): StoredCheck => ({
        id: checkId,
        customerId: vehicle.customer_id,
        vehicleId: vehicle.id,
        vehicleName: vehicle.name,
        operatorName,
        doneAt,
        items: answers,
      });
      const { id, device, lockout } = await database.transaction(async (tx) => {
        const checkId = await insertCheck(
          tx,
          {
            customerId: vehicle.customer_id,
            vehicleId: vehicle.id,
            operatorId,
            operatorName,
            passed,
            criticalFailed,
            items: answers,
          },
          doneAt,
        );
        if (!criticalFailed) return { id: checkId, device: null, lockout: null };
        const failed = await checkFailed(tx, stored(checkId));
        return { id: checkId, ...failed };
      });
      if (device) await commands.sendPending(device);
      if (!passed) await announce({ ...stored(id), operatorId }, criticalFailed, lockout);
      return { id, passed, locked: criticalFailed };
    },

    /**
     * The photo the operator adds to the check they just sent, through the same link: once, within
     * CHECK_PHOTO_MINUTES. The link and the check are checked before the upload is read.
     */
    async addPhoto(token: string, checkId: string, read: () => Promise<Upload<unknown>>) {
      const vehicle = await vehicleOfLink(token);
      const at = {
        checkId,
        vehicleId: vehicle.id,
        since: new Date(now().getTime() - CHECK_PHOTO_MINUTES * 60_000),
      };
      if (!(await photoOpen(database, at)))
        throw new ApiError('conflict', { messageKey: 'checkPhotoClosed' });
      const { file } = await read();
      const photo = file && (await photoOf(file.data));
      if (!photo) throw new ApiError('validation', { fields: [{ field: 'file', key: 'checkPhotoFormat' }] });
      if (!(await setPhoto(database, at, photo)))
        throw new ApiError('conflict', { messageKey: 'checkPhotoClosed' });
      return { id: checkId, has_photo: true };
    },

    /** A check's photo, for a caller who sees the check. */
    async photo(scope: Scoped, checkId: string): Promise<Buffer> {
      const photo = await photoOfCheck(database, scope, checkId);
      if (!photo) throw new ApiError('notFound');
      return photo;
    },

    /** The vehicles driven since the start of the caller's day in `timeZone` without a check since. */
    async unchecked(scope: Scoped, timeZone: string) {
      const { start, day } = startOfDay(now(), timeZone);
      const rows = await uncheckedSince(database, scope, start);
      return {
        list: rows.map((r) => ({
          id: r.id,
          name: r.name,
          customer: { id: r.customer_id, name: r.customer_name },
          day,
        })),
        total: rows.length,
      };
    },
  };
}

/** Midnight of `at`'s day in `timeZone`, as an instant, and that day (YYYY-MM-DD). */
export function startOfDay(at: Date, timeZone: string): { start: Date; day: string } {
  const { year, month, day: date, hour, minute, second } = wallClockIn(at, timeZone);
  const day = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  // The local time's distance from local midnight, taken off the instant (a day that changes its
  // offset at night is off by that change, on those two days a year).
  const sinceMidnight = ((hour * 60 + minute) * 60 + second) * 1000 + at.getMilliseconds();
  return { start: new Date(at.getTime() - sinceMidnight), day };
}
