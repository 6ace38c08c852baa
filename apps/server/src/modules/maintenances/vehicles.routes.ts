// The vehicles of a maintenance plan (/maintenances/{id}/vehicles…): list with their states,
// assign, edit, remove; confirm (a vehicle's state, its executions and its readings kept aside)
// and execute (record a maintenance, which restarts the cycle); and, across plans, one vehicle's
// assignments or those needing attention (the vehicle page, the dashboard).
import {
  listPageSchema,
  maintenanceAttentionQuerySchema,
  maintenanceExecutionBodySchema,
  maintenanceExecutionSchema,
  maintenanceVehicleBodySchema,
  maintenanceVehicleListQuerySchema,
  maintenanceVehicleSchema,
  maintenanceVehicleUpdateSchema,
  meterRejectSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { idParams, op, type Routes, removedSchema, rolesOf } from '../../platform/routes.ts';
import type { maintenanceVehicleService } from './vehicles.service.ts';

const assignmentParams = z.object({ id: z.uuid(), vehicleId: z.uuid() });

export function vehicleRoutes(route: Routes, vehicles: ReturnType<typeof maintenanceVehicleService>) {
  route.get(
    '/maintenances/:id/vehicles',
    op('maintenanceVehicles', "A plan's vehicles with their states (filter: vehicle name; state)", {
      params: idParams,
      query: maintenanceVehicleListQuerySchema,
      reply: listPageSchema(maintenanceVehicleSchema),
      exported: true,
    }),
    ({ access, params, query }) => vehicles.list(access, params.id, query),
  );
  route.post(
    '/maintenances/:id/vehicles',
    op('maintenanceVehicleNew', 'Put a vehicle of the plan’s customer under the plan (once)', {
      params: idParams,
      body: maintenanceVehicleBodySchema,
      reply: maintenanceVehicleSchema,
      status: 201,
    }),
    ({ access, params, body }) => vehicles.assign(access, params.id, body),
  );
  route.get(
    '/maintenances/:id/vehicles/:vehicleId',
    op('maintenanceVehicles', 'One vehicle under a plan, with its state', {
      params: assignmentParams,
      reply: maintenanceVehicleSchema,
    }),
    ({ access, params }) => vehicles.get(access, params.id, params.vehicleId),
  );
  route.put(
    '/maintenances/:id/vehicles/:vehicleId',
    op('maintenanceVehicleEdit', 'Edit a vehicle’s comment and last maintenance under a plan', {
      params: assignmentParams,
      body: maintenanceVehicleUpdateSchema,
      reply: maintenanceVehicleSchema,
    }),
    ({ access, params, body }) => vehicles.update(access, params.id, params.vehicleId, body),
  );
  route.delete(
    '/maintenances/:id/vehicles/:vehicleId',
    op('maintenanceVehicleDelete', 'Take a vehicle off a plan (its executions stay in the history)', {
      params: assignmentParams,
      reply: removedSchema,
    }),
    ({ access, params }) => vehicles.remove(access, params.id, params.vehicleId),
  );
  route.get(
    '/maintenances/:id/vehicles/:vehicleId/executions',
    op('maintenanceConfirm', 'The maintenances recorded for a vehicle under a plan, newest first', {
      params: assignmentParams,
      reply: z.array(maintenanceExecutionSchema),
    }),
    ({ access, params }) => vehicles.executions(access, params.id, params.vehicleId),
  );
  route.post(
    '/maintenances/:id/vehicles/:vehicleId/executions',
    op('maintenanceExecute', 'Record a maintenance done; the cycle restarts from it', {
      params: assignmentParams,
      body: maintenanceExecutionBodySchema,
      reply: maintenanceVehicleSchema,
      status: 201,
    }),
    ({ access, params, body }) => vehicles.execute(access, params.id, params.vehicleId, body),
  );
  route.get(
    '/maintenances/:id/vehicles/:vehicleId/rejected-readings',
    op(
      'maintenanceConfirm',
      "A vehicle's hour meter readings kept aside (backwards, or over 24 hours a day)",
      {
        params: assignmentParams,
        reply: z.array(meterRejectSchema),
      },
    ),
    ({ access, params }) => vehicles.rejects(access, params.id, params.vehicleId),
  );
  route.get(
    '/maintenance-vehicles',
    op(
      rolesOf('maintenances'),
      'Across plans: one vehicle’s (vehicle_id) maintenance states, else the vehicles in warning or worse',
      {
        query: maintenanceAttentionQuerySchema,
        reply: listPageSchema(maintenanceVehicleSchema),
        exported: true,
      },
    ),
    ({ access, query }) => vehicles.attention(access, query),
  );
}
