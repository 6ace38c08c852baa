// The customers a connected user sees, cached for the live pushes: they are frequent, and the
// companies' tree changes rarely. Keyed on what the scope depends on (role and company), so a user
// moved to another company is re-scoped at once. A change of the tree itself (a company created
// or moved under another parent) empties the cache on every replica through the live bus
// (`changed`); the time limit is only a backstop for a change made straight in the database.
import type { DatabaseHandle } from '../db/client.ts';
import { accessFor, type RequestAccess } from './access.ts';
import type { Principal } from './auth.ts';
import { type LiveHub, onePerHub } from './live.ts';

const SCOPE_CACHE_MS = 30_000;

export class ScopeCache {
  /** The hub's one cache: its topic is registered once, whichever live push asks first. */
  static readonly of = onePerHub((database, hub) => new ScopeCache(database, hub));

  private readonly scopes = new Map<string, { sees: RequestAccess['canSee']; at: number }>();
  private readonly database: DatabaseHandle;
  /** The companies' tree changed: every replica forgets what it cached. */
  readonly changed: () => Promise<void>;

  private constructor(database: DatabaseHandle, hub: LiveHub) {
    this.database = database;
    this.changed = hub.topic<null>('scopes-changed', async () => this.scopes.clear()).bind(null, null);
  }

  async seesOf(principal: Principal): Promise<RequestAccess['canSee']> {
    const key = `${principal.sysRole}:${principal.customerId}`;
    const cached = this.scopes.get(key);
    if (cached && Date.now() - cached.at < SCOPE_CACHE_MS) return cached.sees;
    const entry = { sees: (await accessFor(this.database, principal)).canSee, at: Date.now() };
    this.scopes.set(key, entry);
    return entry.sees;
  }
}
