// The shape of a screen registry: screens keyed by the contracts' route names, so a screen
// registered under a name the route table does not have fails to compile.
import type { PageNameOf, ResourceDescription, RouteName } from '@fleetlens/contracts';
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

/** The pages of a described resource's screens: its list, its form (new and edit), its detail. */
export type ResourcePageScreens = { list?: ComponentType; form?: ComponentType; detail?: ComponentType };

/**
 * A described resource's screens, keyed by its pages' route names: `list` shows its list page,
 * `form` its new and edit pages, `detail` its detail page.
 */
export function resourceScreens<const D extends ResourceDescription>(
  description: D,
  screens: ResourcePageScreens,
): Record<PageNameOf<D>, ComponentType> {
  const { list, new: create, edit, detail } = description.pages;
  const entries: [RouteName | undefined, ComponentType | undefined][] = [
    [list, screens.list],
    [create, screens.form],
    [edit, screens.form],
    [detail, screens.detail],
  ];
  return Object.fromEntries(entries.filter(([name, page]) => name && page)) as Record<
    PageNameOf<D>,
    ComponentType
  >;
}
