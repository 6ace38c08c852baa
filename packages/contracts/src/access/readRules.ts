// Who may read what several screens show and no one page owns: the device states, the vehicle
// list's states, positions, events, clips, the live camera. The server guards its calls and its
// live pushes with these rules (platform/access.ts), and the web asks the same question before it
// makes the call (`useAllows`), so a screen never asks for what the server refuses, nor hides what
// it would answer. Each rule is built from the route table: the screens that show the data.
import { type CustomerFunction, hasSomeFunction, hasSomeRole, type SysRole } from './roles.ts';
import { routeRoles, routeRule } from './routes.ts';

export interface AccessRule {
  /** System roles or privileges ('vehicle:view'); any one of them is enough. Admin always passes. */
  roles?: readonly string[];
  /** Customer functions (feature flags); any one of them is enough. Binds customer users only. */
  functions?: readonly CustomerFunction[];
}

/** Who is asking: the server's principal and the web's profile both have this shape. */
export interface RuleSubject {
  /** userRoleList(sysRole, privileges). */
  roles: readonly string[];
  sysRole: SysRole | string;
  functions: readonly string[];
}

/** Whether `subject`, as it stands now, passes `rule`. Pure: the same answer on both sides. */
export function allows(subject: RuleSubject, rule: AccessRule): boolean {
  if (rule.roles && !hasSomeRole(subject.roles, rule.roles)) return false;
  if (rule.functions && subject.sysRole === 'user')
    return hasSomeFunction(subject.functions, rule.functions, () => {});
  return true;
}

export const READ_RULES = {
  /** GET /device-link/states (dashboard, maps, devices) and the full state pushes. */
  deviceStates: {
    roles: [...routeRoles('dashboard'), ...routeRoles('vehicleMap'), ...routeRoles('devices')],
  },
  /** GET /vehicles answers each vehicle's state: its readers receive the states cut to the list's columns. */
  vehicleList: { roles: routeRoles('vehicles') },
  /** GET /locations (the dashboard map) and the position and event pushes: location:view with d-map. */
  positions: { roles: routeRoles('vehicleMap'), functions: ['d-map'] },
  /** GET /events, one event, and the event pushes: the event screens' readers. */
  eventList: { roles: routeRoles('eventSummary') },
  /** GET /event-map: the event readers whose company has the event map (e-map). */
  eventMap: routeRule('eventMap'),
  /** Playing and downloading clips: the event video screens' readers (resource event_vid). */
  clips: { roles: routeRoles('eventVideo') },
  /** Watching a vehicle live: camera:view in a company with the live camera (l-video). */
  liveCamera: routeRule('liveCamera'),
} as const satisfies Record<string, AccessRule>;

export type ReadRuleName = keyof typeof READ_RULES;
