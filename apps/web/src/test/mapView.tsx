// MapLibre needs WebGL, which the tests' DOM has not: a screen's map is a fake the test builds
// (keeping what the screen gives it), handed to the screen's callbacks as MapView would hand the
// real one. In a test: vi.mock('…/map/MapView', async () =>
//   (await import('…/test/mapView')).fakeMapView(fakeMap)). One fake map a file: the web's test
// files each have their own modules.
import { useEffect } from 'react';

let handed: unknown;

function FakeMapView({
  onStyle,
  onMap,
}: {
  onStyle: (map: unknown) => void;
  onMap?: (map: unknown) => void;
}) {
  useEffect(() => {
    onMap?.(handed);
    onStyle(handed);
  }, [onStyle, onMap]);
  return <div data-testid="map" />;
}

export function fakeMapView(map: unknown) {
  handed = map;
  return { MapView: FakeMapView };
}
