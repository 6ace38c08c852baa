// The rules of fuel results: a save is all of its readings or none. Each reading is checked with
// the contracts' rules (fuelReadingIssues, the ones the grid checks as cells are typed) against
// the vehicle's stored neighbours, in one transaction that holds the vehicles, so a refusal names
// every bad cell and changes nothing. A reading equal to the stored one makes no version; one that
// differs is a correction: it needs a reason, and the right to edit fuel results (fuel:edit; the
// entry page itself asks only fuel:add).
import {
  ACTION_ROLES,
  allows,
  type FuelEntry,
  type FuelReading,
  type FuelSaved,
  fuelReadingIssues,
  type fuelResultsQuerySchema,
  type fuelSaveBodySchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import {
  type FuelVehicle,
  neighbourReadings,
  resultsOf,
  vehiclesByIds,
  versionsOf,
  writeVersions,
} from './repository.ts';

/** A refused cell: where it is (`prefix.index.field`), its message key and params. */
export type CellIssue = { index: number; field: string; key: string; params: Record<string, unknown> };

const same = (a: FuelReading, b: FuelReading) =>
  a.received_l === b.received_l && a.hour_meter === b.hour_meter && a.remaining_l === b.remaining_l;

/** Refuses with every cell's issue, each under `prefix.index.field` (the body's entries or the file's lines). */
export const refuseCells = (issues: CellIssue[], prefix: string) =>
  new ApiError('validation', {
    fields: issues.map((i) => ({ field: `${prefix}.${i.index}.${i.field}`, key: i.key, params: i.params })),
  });

export function fuelService(database: DatabaseHandle) {
  /** The vehicle, in the caller's scope (another tenant's answers 404). */
  async function vehicle(db: Queryable, access: RequestAccess, id: string) {
    const [found] = await vehiclesByIds(db, access, [id]);
    if (!found) throw new ApiError('notFound');
    return found;
  }

  /**
   * Checks `entries` (index = their place, or a file's line number) and, when all pass and not a
   * dry run, writes them. Answers the issues instead of throwing, so a file's other lines' issues
   * can join them.
   */
  async function check(
    tx: Queryable,
    entries: { index: number; entry: FuelEntry; vehicle: FuelVehicle | undefined }[],
    reason: string,
    mayCorrect: boolean,
  ) {
    const issues: CellIssue[] = [];
    const seen = new Map<string, number>();
    for (const { index, entry, vehicle } of entries) {
      if (!vehicle) issues.push({ index, field: 'vehicle_id', key: 'fuelVehicleUnknown', params: {} });
      const key = `${entry.vehicle_id}/${entry.day}`;
      if (seen.has(key)) issues.push({ index, field: 'day', key: 'fuelDuplicateDay', params: {} });
      seen.set(key, index);
    }
    const known = entries.filter((e) => e.vehicle);
    const byVehicle = new Map<string, typeof known>();
    for (const e of known) {
      const list = byVehicle.get(e.entry.vehicle_id);
      if (list) list.push(e);
      else byVehicle.set(e.entry.vehicle_id, [e]);
    }
    const spans = [...byVehicle.entries()].map(([vehicle_id, list]) => ({
      vehicle_id,
      first: list.map((e) => e.entry.day).sort()[0] ?? '',
      last:
        list
          .map((e) => e.entry.day)
          .sort()
          .at(-1) ?? '',
    }));
    const customerIds = [...new Set(known.map((e) => e.vehicle?.customer_id ?? ''))];
    const stored = spans.length ? await neighbourReadings(tx, customerIds, spans) : [];
    const changed: typeof known = [];
    let unchanged = 0;
    for (const [vehicleId, list] of byVehicle) {
      const days = new Map(
        stored.filter((s) => s.vehicle_id === vehicleId).map((s) => [s.day, s as FuelReading]),
      );
      const indexOf = new Map<string, number>();
      for (const e of list) {
        const before = days.get(e.entry.day);
        if (before && same(before, e.entry)) unchanged += 1;
        else {
          changed.push(e);
          indexOf.set(e.entry.day, e.index);
          if (before && !mayCorrect)
            issues.push({ index: e.index, field: 'day', key: 'fuelCorrectionForbidden', params: {} });
          else if (before && !reason)
            issues.push({ index: e.index, field: 'reason', key: 'fuelReasonRequired', params: {} });
        }
        days.set(e.entry.day, e.entry);
      }
      const capacity = list[0]?.vehicle?.capacity_l ?? null;
      for (const issue of fuelReadingIssues([...days.values()], capacity, (day) => indexOf.has(day)))
        issues.push({
          index: indexOf.get(issue.day) ?? -1,
          field: issue.field,
          key: issue.key,
          params: issue.params,
        });
    }
    return { issues, changed, unchanged };
  }

  async function save(
    access: RequestAccess,
    input: {
      entries: { index: number; entry: FuelEntry; vehicle?: FuelVehicle | null }[];
      reason: string;
      dry_run: boolean;
    },
    source: 'entry' | 'csv',
    prefix: string,
    earlier: CellIssue[] = [],
  ): Promise<FuelSaved> {
    return database.transaction(async (tx) => {
      const ids = [...new Set(input.entries.map((e) => e.entry.vehicle_id))];
      const vehicles = new Map((await vehiclesByIds(tx, access, ids, true)).map((v) => [v.id, v]));
      const { issues, changed, unchanged } = await check(
        tx,
        input.entries.map((e) => ({ ...e, vehicle: vehicles.get(e.entry.vehicle_id) })),
        input.reason,
        allows(access.principal, { roles: ACTION_ROLES.fuelResultsEdit }),
      );
      const all = [...earlier, ...issues].sort((a, b) => a.index - b.index);
      if (all.length > 0) throw refuseCells(all, prefix);
      if (!input.dry_run)
        await writeVersions(
          tx,
          changed.map((e) => ({ ...e.entry, customer_id: e.vehicle?.customer_id ?? '' })),
          { userId: access.principal.userId, reason: input.reason, source },
        );
      return { saved: changed.length, unchanged, dry_run: input.dry_run };
    });
  }

  return {
    async results(access: RequestAccess, query: z.output<typeof fuelResultsQuerySchema>) {
      const found = await vehicle(database, access, query.vehicle_id);
      const read = await resultsOf(database, found, query.start, query.end);
      return { vehicle: { id: found.id, name: found.name, capacity_l: found.capacity_l }, ...read };
    },
    async versions(access: RequestAccess, vehicleId: string, day: string) {
      return versionsOf(database, await vehicle(database, access, vehicleId), day);
    },
    /** The grid's save: its entries are the body's, refused as `entries.<i>.<field>`. */
    saveEntries(access: RequestAccess, body: z.output<typeof fuelSaveBodySchema>) {
      return save(
        access,
        {
          entries: body.entries.map((entry, index) => ({ index, entry })),
          reason: body.reason,
          dry_run: body.dry_run,
        },
        'entry',
        'entries',
      );
    },
    save,
  };
}

export type FuelService = ReturnType<typeof fuelService>;
