// npm run bench:map [-- --vehicles 10000 --seconds 20 --width 1440 --height 900]
// Not a test: frames per second of the dashboard's live map with 10,000 labelled, clustered
// vehicles moving over a site plan, in headless Chromium (goal
// ≥ 45 fps). The page (scripts/bench/map) mounts the product's map component (VehiclesMap, its
// MapLibre layers, images and name labels, the site plan's layers, useLiveVehicles on the live bus) and
// moves every vehicle once a second as the live channel would. Frames are counted with
// requestAnimationFrame, with the main thread's long tasks (what our code and MapLibre's do on
// it). The same map with nothing on it but drawing every frame, measured in the same run, is the
// limit of this machine's (software) WebGL; the ratio says what the vehicles cost on top.
//
// Headless Chromium has no GPU here: WebGL runs on SwiftShader through ANGLE
// (--use-angle=swiftshader, and --enable-unsafe-swiftshader since Chromium no longer falls back
// to it silently).

import { availableParallelism, loadavg } from 'node:os';
import { benchArgs } from './bench-args.ts';
import { benchPage } from './bench-browser.ts';
import { percentile } from './bench-compare.ts';

const values = benchArgs({ vehicles: 10000, seconds: 20, width: 1440, height: 900 });
const VEHICLES = values.vehicles;
const SECONDS = values.seconds;
const GOAL_FPS = 45;

const { browser, url, close } = await benchPage('map', [
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
]);
type Sample = { seconds: number; frames: number[]; longTasks: number[] };

async function run(vehicles: number, view: string): Promise<Sample & { renderer: string }> {
  const page = await browser.newPage({
    viewport: { width: values.width, height: values.height },
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${url}?vehicles=${vehicles}&view=${view}`);
    await page.waitForSelector('[data-testid="map"] canvas');
    const renderer = await page.evaluate(() => (window as unknown as Bench).bench.renderer());
    await page.evaluate(() => (window as unknown as Bench).bench.move());
    // Let the style, the images and the first rounds of pushes settle before counting.
    await page.waitForTimeout(5000);
    const sample = await page.evaluate(
      (ms) => (window as unknown as Bench).bench.measure(ms),
      SECONDS * 1000,
    );
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    return { ...sample, renderer };
  } finally {
    await page.close();
  }
}
type Bench = { bench: { renderer(): string; move(): void; measure(ms: number): Promise<Sample> } };

const lines: { what: string; sample: Sample }[] = [];
let renderer = '';
try {
  for (const [what, vehicles, view] of [
    ['empty map drawing every frame (the limit)', 0, 'repaint'],
    [`${VEHICLES.toLocaleString('en')} vehicles, fleet view`, VEHICLES, 'fleet'],
    [`${VEHICLES.toLocaleString('en')} vehicles, one yard at street level`, VEHICLES, 'yard'],
  ] as const) {
    const sample = await run(vehicles, view);
    renderer = sample.renderer;
    lines.push({ what, sample });
    console.log(`  ${what}: measured`);
  }
} finally {
  await close();
}

const fps = (s: Sample) => s.frames.length / s.seconds;
console.log(
  `\nheadless Chromium ${browser.version()}, ${values.width}×${values.height}, WebGL: ${renderer}; ` +
    `every vehicle moves once a second; ${SECONDS} s per view after 5 s`,
);
console.log(
  `${'view'.padEnd(48)}${'fps'.padStart(7)}${'p50 frame'.padStart(11)}${'p95 frame'.padStart(11)}${'long tasks'.padStart(16)}  fps ratio`,
);
const limit = fps((lines[0] as { sample: Sample }).sample);
for (const { what, sample } of lines) {
  const long = sample.longTasks;
  console.log(
    `${what.padEnd(48)}${fps(sample).toFixed(1).padStart(7)}${`${percentile(sample.frames, 50).toFixed(1)} ms`.padStart(11)}` +
      `${`${percentile(sample.frames, 95).toFixed(1)} ms`.padStart(11)}` +
      `${`${long.length} (${long.reduce((a, b) => a + b, 0).toFixed(0)} ms)`.padStart(16)}  ${(fps(sample) / limit).toFixed(2)}`,
  );
}
const worst = Math.min(...lines.slice(1).map((l) => fps(l.sample)));
console.log(
  `\nlive map with ${VEHICLES.toLocaleString('en')} labelled vehicles: ${worst.toFixed(1)} fps at worst (goal ≥ ${GOAL_FPS}): ` +
    `${worst >= GOAL_FPS ? 'met' : 'NOT met'}; the empty map's limit here: ${limit.toFixed(1)} fps; ` +
    `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
);
