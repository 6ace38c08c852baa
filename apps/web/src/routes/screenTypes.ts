// The shape of a screen registry: screens keyed by the contracts' route names, so a screen
// registered under a name the route table does not have fails to compile.
import type { RouteName } from '@fleetlens/contracts';
import type { ComponentType } from 'react';

export type FeatureScreens<S = ComponentType> = Partial<Record<RouteName, S>>;

/** The route names a feature's screen map holds. */
export type RegisteredName<S extends FeatureScreens> = keyof S & RouteName;
