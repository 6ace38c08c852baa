// What `/healthz` answers: the state of each part the server leans on, not only the database. A
// part that is down while the rest works (the media engine's port taken at start, an SMTP server
// refusing) must show here rather than as a wrong message elsewhere ("the vehicle is offline").
// Probes (load balancers, orchestrators) keep reading the status code: 200 while the essentials
// answer, so a server without live video or mail stays in rotation; 503 when the database does
// not, since no request can then be served.
export const HEALTH_PARTS = ['database', 'broker', 'media', 'storage', 'mail'] as const;
export type HealthPart = (typeof HEALTH_PARTS)[number];
/** up: working; down: configured but not working; off: not configured on this server. */
export type PartState = 'up' | 'down' | 'off';
const ESSENTIAL: readonly HealthPart[] = ['database'];

export interface HealthReport {
  /** ok: everything configured is up; degraded: some optional part is down; unavailable: an essential is down. */
  status: 'ok' | 'degraded' | 'unavailable';
  parts: Record<HealthPart, PartState>;
}

type Probe = () => PartState | Promise<PartState>;

export class Health {
  private readonly probes = new Map<HealthPart, Probe>();

  /** The part's probe, asked at each report; a module that starts a part sets it. */
  set(part: HealthPart, probe: Probe): void {
    this.probes.set(part, probe);
  }

  async report(): Promise<HealthReport> {
    const states = await Promise.all(
      HEALTH_PARTS.map(async (part): Promise<PartState> => {
        try {
          return (await this.probes.get(part)?.()) ?? 'off';
        } catch {
          return 'down';
        }
      }),
    );
    const parts = Object.fromEntries(HEALTH_PARTS.map((part, i) => [part, states[i]])) as Record<
      HealthPart,
      PartState
    >;
    const down = HEALTH_PARTS.filter((part) => parts[part] === 'down');
    const status = down.some((part) => ESSENTIAL.includes(part))
      ? 'unavailable'
      : down.length > 0
        ? 'degraded'
        : 'ok';
    return { status, parts };
  }
}

/** A probe that asks `check` at most once per `ms`, answering the last result meanwhile. */
export function cachedProbe(check: () => Promise<PartState>, ms: number): Probe {
  let last: { at: number; state: Promise<PartState> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ms) last = { at: now, state: check().catch(() => 'down' as const) };
    return last.state;
  };
}
