// The shape of a screen registry: screens keyed by the contracts' route names, so a screen
// registered under a name the route table does not have fails to compile.
import type { RouteName } from '@fleetlens/contracts';
import type { ComponentType } from 'react';

export type FeatureScreens<S = ComponentType> = Partial<Record<RouteName, S>>;

/** The route names a feature's screen map holds. */
export type RegisteredName<S extends FeatureScreens> = keyof S & RouteName;

/** A page with the route names that show it (a form shows "new" and "edit"). */
type ScreenEntry = readonly [ComponentType, ...RouteName[]];
type NamesOf<E> = E extends readonly [unknown, ...infer N extends RouteName[]] ? N[number] : never;

/** A feature's screen map, written page by page: each page with the route names that show it. */
export function screensOf<const E extends readonly ScreenEntry[]>(
  ...entries: E
): Record<NamesOf<E[number]>, ComponentType> {
  return Object.fromEntries(
    entries.flatMap(([page, ...names]) => names.map((name) => [name, page] as const)),
  ) as Record<NamesOf<E[number]>, ComponentType>;
}
