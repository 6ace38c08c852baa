// New events pushed live (`events-created`), and events whose clips changed state
// (`events-changed`, their ids), to the browsers that may read the event list: the
// same rule as GET /events (platform/access.ts `allows`, on the principal as it stands now) and
// the same tenancy (accessFor), so a socket never receives an event its REST call would not answer.
// Published on the live bus (their ids), so every replica's browsers hear them.
import { type EventDto, type LiveServerMessage, READ_RULES } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { allows } from '../../platform/access.ts';
import { type LiveHub, onePerHub } from '../../platform/live.ts';
import { ScopeCache } from '../../platform/scopeCache.ts';
import { eventsByIds } from './repository.ts';

export class EventLivePush {
  /** The events' live push of this hub, one (the events and the review modules share it). */
  static readonly of = onePerHub((database, hub) => new EventLivePush(database, hub));

  private readonly scopes: ScopeCache;
  private readonly database: DatabaseHandle;
  private readonly hub: LiveHub;
  /** New events: their ids, to every replica. */
  readonly created: (eventIds: string[]) => Promise<void>;
  /** These events' clips changed state: their ids, to the same readers as `created`. */
  readonly changed: (eventIds: string[]) => Promise<void>;

  constructor(database: DatabaseHandle, hub: LiveHub) {
    this.database = database;
    this.hub = hub;
    this.scopes = ScopeCache.of(database, hub);
    this.created = hub.topic<string[]>('events-created', (ids) =>
      this.deliver(ids, (events) => ({ type: 'events-created', data: { events } })),
    );
    this.changed = hub.topic<string[]>('events-changed', (ids) =>
      this.deliver(ids, (events) => ({ type: 'events-changed', data: { ids: events.map((e) => e.id) } })),
    );
  }

  /** To each reader, `message` of the events it may see (nothing when it sees none). */
  private async deliver(
    eventIds: string[],
    message: (visible: EventDto[]) => LiveServerMessage,
  ): Promise<void> {
    const events = await eventsByIds(this.database, eventIds);
    if (events.length === 0) return;
    await this.hub.broadcast(async (principal) => {
      if (!allows(principal, READ_RULES.eventList)) return undefined;
      const sees = await this.scopes.seesOf(principal);
      const visible = events.filter((e) => sees(e.customer.id));
      return visible.length > 0 ? message(visible) : undefined;
    });
  }
}
