// The device link (docs/device-protocol.md): the MQTT side (embedded broker or an
// external one), the ingestion, and the calls around it: issuing a device's secret (provider
// kitting and admins), the dead letters (admins), the current device states (map screens), a
// vehicle's state history (vehicle details), and the published protocol (public, protocolRoutes.ts).
import {
  deadLetterSchema,
  deviceCommandBodySchema,
  deviceCommandRowSchema,
  deviceCredentialAnswerSchema,
  deviceCredentialStatusSchema,
  deviceResource,
  deviceStateSchema,
  listPageSchema,
  listQuerySchema,
  READ_RULES,
  stateHistoryQuerySchema,
  stateHistorySchema,
  vehicleResource,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { op, routeModule } from '../../platform/routes.ts';
import { CommandDispatcher } from './commands.ts';
import { startDeviceLink } from './link.ts';
import { registerDeviceProtocol } from './protocolRoutes.ts';
import { deviceLinkService } from './service.ts';

/** The device's (or, for the state history, the vehicle's) record id. */
const deviceParams = z.object({ id: z.uuid() });

export const registerDeviceLink = routeModule(['device-link'], async (route, platform, app) => {
  const { database, config } = platform;

  const link = config.mqttEnabled
    ? await startDeviceLink({ config, database, hub: platform.hub, jobs: platform.jobs, log: app.log })
    : undefined;
  if (link) app.addHook('onClose', () => link.close());
  // Down: MQTT on but its port taken at start, or the external broker not connected.
  platform.health.set('broker', () =>
    !config.mqttEnabled ? 'off' : link?.broker || link?.external?.client.connected ? 'up' : 'down',
  );
  // Without the link, commands are kept queued until a server with it sends them.
  const commands = link?.commands ?? new CommandDispatcher(database, undefined, app.log);
  // The other modules' hooks, kept by the platform whichever module registered first.
  const hooks = platform.deviceLink.provide({ url: link?.url, commands, publish: commands.publish });
  link?.ingestor.committed.push((batch) => hooks.committed(batch));
  commands.sent.push((ids) => hooks.sent(ids));
  commands.online.push((pk) => hooks.online(pk));
  commands.signUpload = (key, commandId) => {
    if (!hooks.signUpload) throw new Error('no storage signs upload addresses');
    return hooks.signUpload(key, commandId);
  };

  const deviceLink = deviceLinkService(database, {
    commands,
    // The session signed in with the previous secret ends; the device signs in again with the new one.
    disconnect: (deviceId) => link?.broker?.disconnect(deviceId),
  });

  registerDeviceProtocol(app, config);

  // Issuing secrets is part of setting a device up: the provider's kitting staff (and admins).
  const provisioners = ['kitting'];

  route.post(
    '/device-link/devices/:id/credentials',
    op(provisioners, "Issue or rotate a device's MQTT secret (shown once; the previous one stops working)", {
      params: deviceParams,
      reply: deviceCredentialAnswerSchema,
      status: 201,
    }),
    ({ access, params }) => deviceLink.issueCredentials(access, params.id),
  );
  route.get(
    '/device-link/devices/:id/credentials',
    op(provisioners, 'Whether a device has a secret, and since when (never the secret)', {
      params: deviceParams,
      reply: deviceCredentialStatusSchema,
    }),
    ({ access, params }) => deviceLink.credentialStatus(access, params.id),
  );
  route.post(
    '/device-link/devices/:id/commands',
    op(
      deviceResource.pages.edit,
      'Read or change the thresholds of a device: sent now if it is online, else when it returns',
      {
        params: deviceParams,
        body: deviceCommandBodySchema,
        reply: deviceCommandRowSchema,
        status: 201,
      },
    ),
    ({ access, params, body }) => deviceLink.sendCommand(access, params.id, body),
  );
  route.get(
    '/device-link/devices/:id/commands',
    op('devices', "A device's latest commands and their states", {
      params: deviceParams,
      reply: z.array(deviceCommandRowSchema),
    }),
    ({ access, params }) => deviceLink.commands(access, params.id),
  );
  route.get(
    '/device-link/dead-letters',
    op(
      ['admin'],
      'Device messages the ingestion refused, newest first (filter: device id, reason or topic)',
      {
        query: listQuerySchema,
        reply: listPageSchema(deadLetterSchema),
      },
    ),
    ({ query }) => deviceLink.deadLetters(query),
  );
  route.get(
    '/device-link/states',
    op(
      READ_RULES.deviceStates,
      "Current state of the caller's devices: online, running or stopping, hour meter, operator, last position",
      { reply: z.array(deviceStateSchema) },
    ),
    ({ access }) => deviceLink.states(access),
  );
  route.get(
    '/vehicles/:id/state-history',
    op(
      vehicleResource.pages.detail,
      "A vehicle's changes of connection (online, offline) and motion (running, stopping) within a period of at most a week, and the states at its start",
      { params: deviceParams, query: stateHistoryQuerySchema, reply: stateHistorySchema },
    ),
    ({ access, params, query }) => deviceLink.stateHistory(access, params.id, query),
  );
});
