// Site safety zones (privilege resource `location`, docs/decisions/2026-12-07-zones.md): a
// customer's pedestrian areas, speed zones, no-go areas and loading docks, each a polygon with
// rules, read by whoever reads vehicle maps and written with location:add, :edit and :delete (a
// described resource: contracts zoneResource and its pages). The rules are evaluated as positions
// arrive (evaluator.ts); a breach is an event of type ZoneBreach. The speed limits go to the
// customer's devices that cap speed when they change and when a device connects (speedLimits.ts).
import { zoneResource } from '@fleetlens/contracts';
import { resource, routeModule } from '../../platform/routes.ts';
import { ZONES_CHANGED, ZoneEvaluator } from './evaluator.ts';
import { zoneService } from './service.ts';
import { zoneSpeedLimits } from './speedLimits.ts';

export const registerZones = routeModule(['zones'], (route, platform, app) => {
  const { database, hub, deviceLink } = platform;
  const evaluator = new ZoneEvaluator({
    database,
    log: app.log,
    eventsMade: (ids) => deviceLink.eventsMade(ids),
  });
  const forgetEverywhere = hub.topic<string[]>(ZONES_CHANGED, async (ids) => evaluator.forget(ids));
  deviceLink.onCommitted((batch) => evaluator.committed(batch));
  app.addHook('onClose', () => evaluator.settled());
  const speedLimits = zoneSpeedLimits({ database, commands: deviceLink.commands });
  deviceLink.onDeviceOnline((devicePk) => speedLimits.deviceOnline(devicePk));

  const zones = zoneService(database, async (customerId) => {
    // Here at once (the next position sees the change), on the other replicas through the bus.
    evaluator.forget([customerId]);
    await forgetEverywhere([customerId]);
    // The zone is saved whatever happens here: a set not queued now goes out at the next change or connection.
    await speedLimits
      .customerChanged(customerId)
      .catch((error) => app.log.warn({ err: error, customer: customerId }, 'zone speed limits not queued'));
  });

  resource(route, zoneResource, {
    service: zones,
    list: { summary: 'The site safety zones of the customers the caller sees, paged (filter: name)' },
    get: { summary: 'One site safety zone' },
    create: {
      summary:
        'Add a site safety zone: a GeoJSON Polygon (one ring, longitude/latitude, not crossing itself) and its rules',
    },
    edit: { summary: 'Change a site safety zone (its company stays)' },
    remove: { summary: 'Remove a site safety zone' },
  });
});
