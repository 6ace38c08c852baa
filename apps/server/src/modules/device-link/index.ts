// The device link (issue 5, docs/device-protocol.md): the MQTT side (embedded broker or an
// external one), the ingestion, and the calls around it: issuing a device's secret (provider
// kitting and admins), the dead letters (admins), the current device states (map screens), a
// vehicle's state history (vehicle details), and the published protocol (public, protocolRoutes.ts).
import {
  type DeadLetter,
  deadLetterReasonText,
  deadLetterSchema,
  deviceCommandBodySchema,
  deviceCommandRowSchema,
  deviceCredentialAnswerSchema,
  deviceCredentialStatusSchema,
  deviceStateSchema,
  listPageSchema,
  listQuerySchema,
  resolvePeriod,
  routeRoles,
  stateHistoryQuerySchema,
  stateHistorySchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf, pageWindow } from '../../platform/lists.ts';
import { scopeOf, visibleCustomerIds } from '../../platform/tenancy.ts';
import { CommandDispatcher, listCommands } from './commands.ts';
import { credentialIssuedAt, issueSecret } from './credentials.ts';
import { startDeviceLink } from './link.ts';
import { DEVICE_STATES_RULE } from './live.ts';
import { registerDeviceProtocol } from './protocolRoutes.ts';
import { listStates } from './repository.ts';
import { vehicleStateHistory } from './states.ts';

/** The device's (or, for the state history, the vehicle's) record id. */
const deviceParams = z.object({ id: z.uuid() });

export async function registerDeviceLink(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope, config } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['device-link'];

  const link = config.mqttEnabled
    ? await startDeviceLink({ config, database, hub: platform.hub, log: app.log })
    : undefined;
  if (link) app.addHook('onClose', () => link.close());
  // Without the link, commands are kept queued until a server with it sends them.
  const commands = link?.commands ?? new CommandDispatcher(database, undefined, app.log);

  /** A device within the caller's customers, or 404. */
  async function deviceInScope(
    scope: string[] | null,
    id: string,
  ): Promise<{ id: string; device_id: string; customer_id: string }> {
    const [row] = await database.query<{ id: string; device_id: string; customer_id: string }>(
      'SELECT id, device_id, customer_id FROM devices WHERE id = $1 AND ($2::uuid[] IS NULL OR customer_id = ANY($2))',
      [id, scope],
    );
    if (!row) throw new ApiError('notFound');
    return row;
  }

  registerDeviceProtocol(app, config);

  // Issuing secrets is part of setting a device up: the provider's kitting staff (and admins).
  const provisioners = ['kitting'];

  routes.post(
    '/device-link/devices/:id/credentials',
    {
      preValidation: access({ roles: provisioners }),
      schema: {
        tags,
        summary: "Issue or rotate a device's MQTT secret (shown once; the previous one stops working)",
        params: deviceParams,
        response: { 201: envelope(deviceCredentialAnswerSchema) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const scope = await visibleCustomerIds(database, principal);
      const device = await deviceInScope(scope, request.params.id);
      // The log says when and by whom, never the secret.
      const { secret, rotatedAt } = await database.transaction(async (tx) => {
        const before = await credentialIssuedAt(tx, device.id);
        const issued = await issueSecret(tx, device.id, principal.userId);
        await recordAudit(tx, {
          actor: principal,
          customerId: device.customer_id,
          entity: 'device_secret',
          entityId: device.id,
          action: before ? 'update' : 'create',
          before: before ? { device_id: device.device_id, rotated_at: before } : null,
          after: { device_id: device.device_id, rotated_at: issued.rotatedAt },
        });
        return issued;
      });
      // The session signed in with the previous secret ends now; the device signs in again with the new one.
      link?.broker?.disconnect(device.device_id);
      const deviceId = device.device_id;
      return reply
        .status(201)
        .send(
          ok({ device_id: deviceId, username: deviceId, client_id: deviceId, secret, rotated_at: rotatedAt }),
        );
    },
  );

  routes.get(
    '/device-link/devices/:id/credentials',
    {
      preValidation: access({ roles: provisioners }),
      schema: {
        tags,
        summary: 'Whether a device has a secret, and since when (never the secret)',
        params: deviceParams,
        response: { 200: envelope(deviceCredentialStatusSchema) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      const device = await deviceInScope(scope, request.params.id);
      const rotatedAt = await credentialIssuedAt(database, device.id);
      return ok({ device_id: device.device_id, issued: rotatedAt !== null, rotated_at: rotatedAt });
    },
  );

  routes.post(
    '/device-link/devices/:id/commands',
    {
      preValidation: access({ roles: routeRoles('deviceEdit') }),
      schema: {
        tags,
        summary: 'Read or change the thresholds of a device: sent now if it is online, else when it returns',
        params: deviceParams,
        body: deviceCommandBodySchema,
        response: { 201: envelope(deviceCommandRowSchema) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const device = await deviceInScope(await visibleCustomerIds(database, principal), request.params.id);
      const body = request.body;
      const row = await commands.create(
        device.id,
        { type: body.type, thresholds: body.type === 'threshold-write' ? body.thresholds : undefined },
        principal,
      );
      return reply.status(201).send(ok(row));
    },
  );

  routes.get(
    '/device-link/devices/:id/commands',
    {
      preValidation: access({ roles: routeRoles('devices') }),
      schema: {
        tags,
        summary: "A device's latest commands and their states",
        params: deviceParams,
        response: { 200: envelope(z.array(deviceCommandRowSchema)) },
      },
    },
    async (request) => {
      const device = await deviceInScope(await scopeOf(database, request), request.params.id);
      return ok(await listCommands(database, device.id));
    },
  );

  routes.get(
    '/device-link/dead-letters',
    {
      preValidation: access({ roles: ['admin'] }),
      schema: {
        tags,
        summary: 'Device messages the ingestion refused, newest first (filter: device id, reason or topic)',
        querystring: listQuerySchema,
        response: { 200: envelope(listPageSchema(deadLetterSchema)) },
      },
    },
    async (request) => {
      const [limit, offset] = pageWindow(request.query);
      const filter = request.query.filter?.trim() || null;
      const rows = await database.query<Omit<DeadLetter, 'reason_text'> & { total: number }>(
        `SELECT id::text, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at,
                device_id, topic, reason, detail, size, payload, repeats, count(*) OVER ()::int AS total
           FROM dead_letters
          WHERE $3::text IS NULL OR device_id = $3 OR reason = $3 OR topic LIKE '%' || $3 || '%'
          ORDER BY dead_letters.id DESC LIMIT $1 OFFSET $2`,
        [limit, offset, filter],
      );
      const list = rows.map(({ total: _, ...r }) => ({ ...r, reason_text: deadLetterReasonText(r.reason) }));
      return ok(pageOf(request.query, { list, total: rows[0]?.total ?? 0 }));
    },
  );

  routes.get(
    '/device-link/states',
    {
      preValidation: access(DEVICE_STATES_RULE),
      schema: {
        tags,
        summary:
          "Current state of the caller's devices: online, running or stopping, hour meter, operator, last position",
        response: { 200: envelope(z.array(deviceStateSchema)) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      return ok(await listStates(database, scope));
    },
  );

  routes.get(
    '/vehicles/:id/state-history',
    {
      preValidation: access({ roles: routeRoles('vehicleDetails') }),
      schema: {
        tags,
        summary:
          "A vehicle's changes of connection (online, offline) and motion (running, stopping) within a period of at most a week, and the states at its start",
        params: deviceParams,
        querystring: stateHistoryQuerySchema,
        response: { 200: envelope(stateHistorySchema) },
      },
    },
    async (request) => {
      const scope = await scopeOf(database, request);
      const [vehicle] = await database.query<{ id: string }>(
        'SELECT id FROM vehicles WHERE id = $1 AND ($2::uuid[] IS NULL OR customer_id = ANY($2))',
        [request.params.id, scope],
      );
      if (!vehicle) throw new ApiError('notFound');
      const { start, end } = resolvePeriod(request.query);
      return ok(await vehicleStateHistory(database, vehicle.id, new Date(start), new Date(end)));
    },
  );
}
