// Maintenance due to the customer's webhooks (`maintenance.due`): each rise the evaluation finds
// (a vehicle's assignment entering its warning window, falling due, going overdue) is published
// once, beside the mail (mail.ts), whether or not anybody is mailed. The evaluation runs on one
// replica at a time, so a rise is found, and published, once.
import type { DatabaseHandle } from '../../db/client.ts';
import type { WebhookPublisher } from '../integrations/public.ts';
import type { Evaluated } from './evaluation.repository.ts';
import { risesNow } from './mail.repository.ts';

export function maintenanceDueWebhooks(database: DatabaseHandle, publish: WebhookPublisher) {
  return async (
    worse: readonly Pick<Evaluated, 'customer_id' | 'maintenance_id' | 'vehicle_id' | 'state'>[],
  ) => {
    const rises = worse.filter((rise) => rise.state !== 'ok');
    if (rises.length === 0) return;
    const now = await risesNow(database, rises);
    await publish(
      'maintenance.due',
      now
        .filter((rise) => rise.state !== 'ok')
        .map((rise) => ({
          customerId: rise.customer_id,
          data: {
            maintenance: { id: rise.maintenance_id, name: rise.item },
            vehicle: { id: rise.vehicle_id, name: rise.vehicle },
            state: rise.state as 'warning' | 'due' | 'overdue',
            due_at: rise.due_at === null ? null : new Date(rise.due_at).toISOString(),
            hours_left: rise.hours_left,
          },
        })),
    );
  };
}
