// Devices (domain spec §3, console routes /devices…): list, read, create, edit and delete, and the
// choices the device form offers for one customer (its vehicles, groups, cases and SIMs). Who may
// call each is the route table's rule (contracts routeRoles); the rules are in service.ts.
import {
  DEVICE_VEHICLE_OPTIONS_LIMIT,
  type DeviceInput,
  deviceResource,
  deviceVehicleOptionSchema,
  deviceVehicleOptionsQuerySchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import type { RequestAccess } from '../../platform/access.ts';
import { op, resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { LINKED_DEVICES_CHANGED } from '../device-link/public.ts';
import { deviceService } from './service.ts';

const option = z.object({ id: z.string(), name: z.string() });
const optionsSchema = z.object({
  groups: z.array(option),
  cases: z.array(option),
  sims: z.array(option.extend({ device_id: z.string().nullable() })),
});

export const registerDevices = routeModule(['devices'], async (route, platform) => {
  const devices = deviceService(platform.database, platform.hub.publisher(LINKED_DEVICES_CHANGED));
  // The device form and the case's register-device form offer the options.
  const formRoles = rolesOf(deviceResource.pages.new, deviceResource.pages.edit, 'caseRegisterDevice');

  // The list first, then the form's options, then the record's calls: the API document's order.
  const device = {
    removed: z.null(),
    service: {
      ...devices,
      create: (access: RequestAccess, body: DeviceInput) => devices.save(access, body, null),
      update: (access: RequestAccess, id: string, body: DeviceInput) => devices.save(access, body, id),
    },
  };
  resource(route, deviceResource, {
    ...device,
    list: {
      summary: 'Devices the caller may see, paged (filter: device id, plate, vehicle, firmware, camera id)',
    },
  });
  route.get(
    '/devices/options',
    op(formRoles, 'What the device form offers for one customer: its groups, cases and SIMs', {
      query: z.object({ customer_id: z.uuid() }),
      reply: optionsSchema,
    }),
    ({ access, query }) => devices.options(access, query.customer_id),
  );
  route.get(
    '/devices/vehicle-options',
    op(
      formRoles,
      `The device form's vehicle picker: one customer's vehicles whose name holds q, at most ${DEVICE_VEHICLE_OPTIONS_LIMIT}, and the chosen one`,
      { query: deviceVehicleOptionsQuerySchema, reply: z.array(deviceVehicleOptionSchema) },
    ),
    ({ access, query }) => devices.vehicleOptions(access, query),
  );
  resource(route, deviceResource, {
    ...device,
    get: { summary: 'One device' },
    create: { summary: 'Create a device' },
    edit: { summary: 'Edit a device' },
    remove: { summary: 'Delete a device (not one with a registered vehicle)' },
  });
});
