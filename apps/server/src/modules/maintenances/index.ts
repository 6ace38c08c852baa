// Maintenance (domain spec, Maintenance): a customer's master items (/maintenances/masters), plans
// (/maintenances…) and the vehicles under them with their states (vehicles.routes.ts), kept by the
// evaluation job (evaluation.ts), which mails those who asked when a vehicle's state rises
// (mail.ts) and tells the customer's webhooks (webhooks.ts). The rules are in service.ts and
// vehicles.service.ts.
import { maintenanceItemResource, maintenanceResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { publishWebhooks } from '../integrations/public.ts';
import type { Evaluated } from './evaluation.repository.ts';
import { EVALUATION_EVERY_MS, evaluationJob } from './evaluation.ts';
import { maintenanceMail } from './mail.ts';
import { maintenanceItemService, maintenanceService } from './service.ts';
import { vehicleRoutes } from './vehicles.routes.ts';
import { maintenanceVehicleService } from './vehicles.service.ts';
import { maintenanceDueWebhooks } from './webhooks.ts';

export const registerMaintenances = routeModule(['maintenances'], async (route, platform, app) => {
  const { database } = platform;
  // The states, kept current as hour meters arrive and the clock moves; woken by every write.
  const mail = maintenanceMail({ database, config: platform.config });
  const webhooks = maintenanceDueWebhooks(database, (kind, items) =>
    publishWebhooks(platform.hub, kind, items),
  );
  const entered = async (worse: Evaluated[]) => {
    // Each told on its own: a mail server away does not keep the webhooks from hearing, nor the reverse.
    const told = await Promise.allSettled([webhooks(worse), mail(worse)]);
    const failed = told.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  };
  const evaluation = platform.jobs.start(evaluationJob(database, entered), EVALUATION_EVERY_MS);
  app.addHook('onClose', async () => evaluation.stop());

  // The plan forms and the plan list's filter pick an item from this list.
  const itemReaders = rolesOf(maintenanceItemResource, maintenanceResource);
  resource(route, maintenanceItemResource, {
    service: maintenanceItemService(database),
    list: { rule: itemReaders, summary: 'Maintenance master items, paged (filter: name or description)' },
    get: { rule: itemReaders, summary: 'One maintenance master item' },
    create: { summary: 'Create a maintenance master item' },
    edit: {
      summary: 'Rename a maintenance master item (not one whose plans have recorded maintenance: 400008)',
    },
    remove: { summary: 'Delete a maintenance master item that no plan uses (else 400009)' },
  });
  resource(route, maintenanceResource, {
    service: maintenanceService(database, () => evaluation.wake()),
    list: { summary: 'Maintenance plans, paged (filter: item name or description)' },
    get: { summary: 'One maintenance plan' },
    create: { summary: 'Create a maintenance plan' },
    edit: { summary: 'Edit a maintenance plan (it keeps its customer)' },
    remove: { summary: 'Delete a maintenance plan that has no vehicles' },
  });
  vehicleRoutes(route, maintenanceVehicleService({ database, changed: () => evaluation.wake() }));
});
