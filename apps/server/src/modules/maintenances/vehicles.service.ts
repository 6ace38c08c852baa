// The rules of vehicles under maintenance plans (domain spec, Maintenance vehicle):
// - a vehicle joins a plan of its own customer once ("The vehicle is already added to the
//   maintenance."), with a comment and its last maintenance (not in the future); without one, its
//   cycle counts from now and its hour meter now;
// - confirm and execute: recording a maintenance (when, the hour meter then, a comment, who)
//   restarts the cycle in the same transaction, and every execution is kept as history;
// - each write is audited and wakes the evaluation, which gives the assignment its state.
import type {
  MaintenanceAttentionQuery,
  MaintenanceVehicleListQuery,
  maintenanceExecutionBodySchema,
  maintenanceVehicleBodySchema,
  maintenanceVehicleUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { recordAudit, type Snapshot } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { findPlan } from './repository.ts';
import {
  assignmentSnapshot,
  checkedMeter,
  deleteAssignment,
  findAssignment,
  insertAssignment,
  listAssignments,
  listAttention,
  listExecutions,
  listRejects,
  recordExecution,
  updateAssignment,
  vehicleOfCustomer,
} from './vehicles.repository.ts';

type AssignBody = z.output<typeof maintenanceVehicleBodySchema>;
type AssignUpdate = z.output<typeof maintenanceVehicleUpdateSchema>;
type ExecutionBody = z.output<typeof maintenanceExecutionBodySchema>;

const inFuture = (time: string | null, now: Date) =>
  time !== null && Date.parse(`${time.replace(' ', 'T')}Z`) > now.getTime() + 60_000;

export interface VehicleServiceDeps {
  database: DatabaseHandle;
  /** The clock (tests give theirs). */
  now?: () => Date;
  /** A write changed what the evaluation reads. */
  changed?: () => void;
}

export function maintenanceVehicleService({
  database,
  now = () => new Date(),
  changed = () => {},
}: VehicleServiceDeps) {
  const planOf = async (scope: Scoped, planId: string) => found(await findPlan(database, scope, planId));
  const get = async (scope: Scoped, planId: string, vehicleId: string) =>
    found(await findAssignment(database, scope, planId, vehicleId));

  /** One audited write of an assignment, on its own transaction; `snapshot` is the row before and after. */
  async function audited<T>(
    access: RequestAccess,
    entry: { entity: 'maintenance_vehicle' | 'maintenance_execution'; id: string; customerId: string },
    action: 'create' | 'update' | 'delete',
    write: (tx: Queryable) => Promise<T>,
    snapshot: (tx: Queryable) => Promise<Snapshot | null>,
  ): Promise<T> {
    const answer = await database.transaction(async (tx) => {
      const before = action === 'create' ? null : await snapshot(tx);
      const result = await write(tx);
      const after = action === 'delete' ? null : await snapshot(tx);
      await recordAudit(tx, {
        actor: access.principal,
        customerId: entry.customerId,
        entity: entry.entity,
        entityId: entry.id,
        action,
        before,
        after,
      });
      return result;
    });
    changed();
    return answer;
  }
  const rowOf = (customerId: string, planId: string, vehicleId: string) => (tx: Queryable) =>
    assignmentSnapshot(tx, customerId, planId, vehicleId);

  return {
    list: async (access: RequestAccess, planId: string, query: MaintenanceVehicleListQuery) => {
      const plan = await planOf(access, planId);
      return pageOf(query, await listAssignments(database, access, plan.id, query));
    },

    attention: async (access: RequestAccess, query: MaintenanceAttentionQuery) =>
      pageOf(query, await listAttention(database, access, query)),

    get,

    async assign(access: RequestAccess, planId: string, body: AssignBody) {
      const plan = await planOf(access, planId);
      const customerId = plan.customer.id;
      if (!(await vehicleOfCustomer(database, customerId, body.vehicle_id)))
        throw new ApiError('validation', {
          fields: [{ field: 'vehicle_id', key: 'maintenanceVehicleOtherCustomer' }],
        });
      if (inFuture(body.last_maintenance_at, now()))
        throw new ApiError('validation', {
          fields: [{ field: 'last_maintenance_at', key: 'lastMaintenanceInFuture' }],
        });
      const fields = {
        comment: body.comment,
        last_maintenance_at: body.last_maintenance_at,
        // Without a last maintenance, the cycle counts from now and the meter now.
        last_hour_meter:
          body.last_hour_meter ??
          (body.last_maintenance_at === null
            ? await checkedMeter(database, customerId, body.vehicle_id)
            : null),
      };
      await uniqueOn(
        { maintenance_vehicles_key: { field: 'vehicle_id', key: 'maintenanceVehicleAdded' } },
        () =>
          audited(
            access,
            { entity: 'maintenance_vehicle', id: `${plan.id}/${body.vehicle_id}`, customerId },
            'create',
            (tx) => insertAssignment(tx, customerId, plan.id, body.vehicle_id, fields),
            rowOf(customerId, plan.id, body.vehicle_id),
          ),
      );
      return get(access, plan.id, body.vehicle_id);
    },

    async update(access: RequestAccess, planId: string, vehicleId: string, body: AssignUpdate) {
      const current = await get(access, planId, vehicleId);
      if (inFuture(body.last_maintenance_at, now()))
        throw new ApiError('validation', {
          fields: [{ field: 'last_maintenance_at', key: 'lastMaintenanceInFuture' }],
        });
      const customerId = current.customer.id;
      await audited(
        access,
        { entity: 'maintenance_vehicle', id: `${planId}/${vehicleId}`, customerId },
        'update',
        (tx) => updateAssignment(tx, customerId, planId, vehicleId, body),
        rowOf(customerId, planId, vehicleId),
      );
      return get(access, planId, vehicleId);
    },

    async remove(access: RequestAccess, planId: string, vehicleId: string) {
      const current = await get(access, planId, vehicleId);
      const customerId = current.customer.id;
      await audited(
        access,
        { entity: 'maintenance_vehicle', id: `${planId}/${vehicleId}`, customerId },
        'delete',
        (tx) => deleteAssignment(tx, customerId, planId, vehicleId),
        rowOf(customerId, planId, vehicleId),
      );
      return { id: vehicleId };
    },

    async execute(access: RequestAccess, planId: string, vehicleId: string, body: ExecutionBody) {
      const current = await get(access, planId, vehicleId);
      if (inFuture(body.done_at, now()))
        throw new ApiError('validation', { fields: [{ field: 'done_at', key: 'executionInFuture' }] });
      const customerId = current.customer.id;
      const by = { id: access.principal.userId, name: access.principal.username };
      await audited(
        access,
        { entity: 'maintenance_execution', id: `${planId}/${vehicleId}`, customerId },
        'create',
        (tx) => recordExecution(tx, { customerId, planId, vehicleId }, body, by),
        async () => ({ ...body, recorded_by: by.name }),
      );
      return get(access, planId, vehicleId);
    },

    async executions(access: RequestAccess, planId: string, vehicleId: string) {
      const current = await get(access, planId, vehicleId);
      return listExecutions(database, current.customer.id, planId, vehicleId);
    },

    async rejects(access: RequestAccess, planId: string, vehicleId: string) {
      const current = await get(access, planId, vehicleId);
      return listRejects(database, current.customer.id, vehicleId);
    },
  };
}
