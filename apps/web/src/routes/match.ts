// Which route of the (filtered) table a location shows, and which sidebar section holds it.
import { constantRoutes, type RouteDef, routeTable } from '@fleetlens/contracts';
import { matchPath } from 'react-router';

export type MatchedRoute = { route: RouteDef; section: RouteDef | undefined };

/** Every route with a path, depth first, each with its top-level section. */
export function flattenRoutes(routes: readonly RouteDef[]): MatchedRoute[] {
  const out: MatchedRoute[] = [];
  const walk = (list: readonly RouteDef[], section: RouteDef | undefined) => {
    for (const route of list) {
      if (route.path) out.push({ route, section });
      if (route.children) walk(route.children, section ?? route);
    }
  };
  walk(routes, undefined);
  return out;
}

export function matchRoute(pathname: string, flat: readonly MatchedRoute[]): MatchedRoute | undefined {
  // Exact paths first, so /users/new wins over /users/:id.
  return (
    flat.find((m) => m.route.path === pathname) ??
    flat.find((m) => matchPath({ path: m.route.path, end: true }, pathname) !== null)
  );
}

/** Every route of the console, whoever may open it: a path here that the user may not open is
 *  "no access" inside the console, not an unknown address. */
export const consoleRoutes: readonly MatchedRoute[] = flattenRoutes([
  ...routeTable,
  ...constantRoutes,
]).filter((m) => !m.route.redirect);
