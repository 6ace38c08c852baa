// The screen registry follows the route table: a route gets its registered screen, and a screen
// under a name the table does not have does not compile.
import {
  allRoutes,
  constantRoutes,
  featureOf,
  pagesOf,
  RESOURCES,
  type ResourceDescription,
  routeTable,
} from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { ComingSoonPage } from './ComingSoonPage';
import { ComingSoonScreen, screenFor, screens } from './screens';
import { type FeatureScreens, screensOf } from './screenTypes';

describe('the screen registry', () => {
  it('gives a registered route its screen, and a route of a later release the coming-soon page', () => {
    const byName = (name: string) =>
      allRoutes([...routeTable, ...constantRoutes]).find((r) => r.name === name && r.path);
    const vehicles = byName('vehicles');
    const later = byName('managerialData');
    expect(vehicles && screenFor(vehicles)).toBe(screens.vehicles);
    expect(later && screenFor(later)).toBe(ComingSoonScreen);
  });

  it('refuses, at compile time, a screen under a name the route table does not have', () => {
    // @ts-expect-error 'vehicle' is not a route (the route is 'vehicles')
    const misspelt: FeatureScreens = { vehicle: ComingSoonPage };
    expect(Object.keys(misspelt)).toEqual(['vehicle']);
    // @ts-expect-error nor in a feature's map written page by page
    const page = screensOf([ComingSoonPage, 'vehicleNew', 'vehicle']);
    expect(Object.keys(page)).toEqual(['vehicleNew', 'vehicle']);
    expect(
      Object.keys(screens).every((name) =>
        allRoutes([...routeTable, ...constantRoutes]).some((r) => r.name === name),
      ),
    ).toBe(true);
  });

  it("registers each described resource's pages, which the feature serving it shows", async () => {
    const features = import.meta.glob<{ screens: FeatureScreens }>('../features/*/screens.ts');
    for (const description of RESOURCES as readonly ResourceDescription[]) {
      const load = features[`../features/${featureOf(description)}/screens.ts`];
      expect(load, description.path).toBeDefined();
      const shown = (await load?.())?.screens ?? {};
      for (const page of pagesOf(description)) {
        expect(screens[page], page).toBeDefined();
        expect(shown[page], `${featureOf(description)} shows ${page}`).toBeDefined();
      }
    }
  });
});
