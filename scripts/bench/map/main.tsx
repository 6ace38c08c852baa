// The map bench's page (scripts/bench-map.ts): the dashboard's live map as the product builds it
// (VehiclesMap with its MapLibre layers, moved by useLiveVehicles from the live bus), without the
// page's chrome and without a server. The fleet is made up here and moved by publishing on the
// live bus what the live channel would push: every vehicle's position once a second, in batches
// of the ingestion's size spread over the second. The bench reads window.bench.
import {
  type SitePlan,
  type SitePlanGeojson,
  VEHICLE_TYPES,
  type VehicleLocation,
} from '@fleetlens/contracts';
import { yardSitePlan } from '@fleetlens/simulator/site-plan';
import { createRoot } from 'react-dom/client';
import { AuthContext, type AuthContextValue } from '../../../apps/web/src/app/auth/context';
import { publishLive } from '../../../apps/web/src/app/liveBus';
import { MapView } from '../../../apps/web/src/features/maps/map/MapView';
import { useLiveVehicles } from '../../../apps/web/src/features/maps/useLiveVehicles';
import { VehiclesMap } from '../../../apps/web/src/features/maps/VehiclesMap';

const params = new URLSearchParams(location.search);
const COUNT = Number(params.get('vehicles') ?? 10_000);
/**
 * 'fleet': the dashboard's first view, fitted to every vehicle; 'yard': street level over one
 * site; 'repaint': the map alone, drawing every frame (the renderer's limit).
 */
const VIEW = params.get('view') ?? 'fleet';
const SITES = 50;
const BATCH = 500;

// Sites (terminals, warehouses) around Tokyo Bay, each with its share of the fleet driving loops.
const site = (i: number): [number, number] => [139.62 + (i % 10) * 0.045, 35.42 + Math.floor(i / 10) * 0.055];
const loop = (i: number) => ({
  radius: 0.0004 + (i % 17) * 0.00012,
  phase: i * 0.7,
  pace: 0.01 + (i % 5) * 0.004,
});
function where(i: number, second: number): { lng: number; lat: number; direction: number } {
  const [lng, lat] = site(i % SITES);
  const { radius, phase, pace } = loop(i);
  const a = phase + second * pace;
  return {
    lng: lng + radius * 1.2 * Math.cos(a),
    lat: lat + radius * Math.sin(a),
    direction: (((90 - (a * 180) / Math.PI) % 360) + 360) % 360,
  };
}

// Each site's plan: the simulator's yard, laid out around the site's centre.
const plans: SitePlan[] = Array.from({ length: SITES }, (_, i) => {
  const [lng, lat] = site(i);
  const yard = {
    name: `Site ${i + 1}`,
    origin: { lat: lat - 0.0006, lng: lng - 0.001 },
    aisles: [0, 35, 70, 105, 140, 175],
    lanes: [0, 45, 90, 135],
  };
  const geojson = yardSitePlan(yard) as SitePlanGeojson;
  return { customer_id: `c${i}`, kind: 'geojson', geojson, image: null, updated_at: '' };
});

const start = Date.now();
const fleet: VehicleLocation[] = Array.from({ length: COUNT }, (_, i) => {
  const p = where(i, 0);
  return {
    vehicle_id: `v${i}`,
    name: `FL-${String(i).padStart(5, '0')}`,
    customer: { id: 'c1', name: 'Harbor Logistics' },
    vehicle_type: VEHICLE_TYPES[i % VEHICLE_TYPES.length] as string,
    icon: i % 3 === 0 ? 'b' : 'a',
    device: { id: `d${i}`, device_id: String(900_000_000 + i) },
    lat: p.lat,
    lng: p.lng,
    speed: 9,
    direction: p.direction,
    motion: i % 10 < 7 ? 'running' : 'stopping',
    online: i % 20 !== 0,
    position_at: new Date(start).toISOString(),
    updated_at: new Date(start).toISOString(),
    state: {
      online: i % 20 !== 0,
      connection_changed_at: new Date(start).toISOString(),
      motion: i % 10 < 7 ? 'running' : 'stopping',
      motion_changed_at: new Date(start).toISOString(),
    },
  };
});

let second = 0;
function pushSecond() {
  second += 1;
  const time = new Date(start + second * 1000).toISOString();
  for (let from = 0; from < COUNT; from += BATCH) {
    setTimeout(
      () => {
        const positions = [];
        for (let i = from; i < Math.min(COUNT, from + BATCH); i++)
          positions.push({
            device_id: String(900_000_000 + i),
            vehicle_id: `v${i}`,
            time,
            speed: 9,
            ...where(i, second),
          });
        publishLive({ type: 'device-positions', data: { positions } });
      },
      (from / COUNT) * 900,
    );
  }
}

const auth: AuthContextValue = {
  status: 'signedIn',
  user: null,
  profile: null,
  config: null,
  accessToken: () => undefined,
  login: async () => {},
  logout: async () => {},
  refreshAccess: async () => {},
};

function LiveMap() {
  const vehicles = useLiveVehicles(fleet);
  const yard = site(0);
  // The limit: the same map drawing every frame with nothing on it.
  if (VIEW === 'repaint')
    return (
      <MapView
        label="bench"
        center={yard}
        zoom={16}
        onStyle={() => {}}
        onMap={(map) => {
          map.repaint = true;
          return undefined;
        }}
      />
    );
  return VIEW === 'yard' ? (
    <VehiclesMap vehicles={vehicles} label="bench" fit={false} center={yard} zoom={16} sitePlans={plans} />
  ) : (
    <VehiclesMap vehicles={vehicles} label="bench" sitePlans={plans} />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <AuthContext.Provider value={auth}>
    <LiveMap />
  </AuthContext.Provider>,
);

/** Frames for `ms` while the fleet moves: frame times from requestAnimationFrame, and long tasks. */
async function measure(ms: number) {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const frames: number[] = [];
  const began = performance.now();
  await new Promise<void>((done) => {
    let last = began;
    const tick = (now: number) => {
      frames.push(now - last);
      last = now;
      if (now - began < ms) requestAnimationFrame(tick);
      else done();
    };
    requestAnimationFrame(tick);
  });
  observer.disconnect();
  return { seconds: (performance.now() - began) / 1000, frames, longTasks };
}

function renderer(): string {
  const gl =
    document.createElement('canvas').getContext('webgl2') ??
    document.createElement('canvas').getContext('webgl');
  if (!gl) return 'no WebGL';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
}

let timer: ReturnType<typeof setInterval> | undefined;
Object.assign(window, {
  bench: {
    renderer,
    /** Starts the live pushes: every vehicle moves once a second. */
    move: () => {
      if (COUNT > 0 && !timer) timer = setInterval(pushSecond, 1000);
    },
    measure,
  },
});
