// `npm test`: every check the project has, in the order a failure is cheapest to find —
// lint, types, unit and integration tests, the web build, the first-page size budget, and the
// end-to-end stories in Chromium. It runs them all, then prints one closing line
// "N passed, N failed" and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads how many tests passed and failed from the runner's JSON report. */
  count?: () => { passed: number; failed: number };
  /** The slowest files or stories of the report, [seconds, name], to see what a new one costs. */
  slowest?: () => [number, string][];
}

/** How many of the slowest files (unit) and stories (e2e) the summary names. */
const SLOWEST_SHOWN = 8;

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: { projectName: string; results: { duration: number }[] }[];
  }[];
}

/** Every story of a Playwright report with its duration, [seconds, "file › title (project)"]. */
function storyDurations(suite: PlaywrightSuite): [number, string][] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.map((t): [number, string] => [
      t.results.reduce((sum, r) => sum + r.duration, 0) / 1000,
      `${spec.file} › ${spec.title} (${t.projectName})`,
    ]),
  );
  return [...own, ...(suite.suites ?? []).flatMap(storyDurations)];
}

const reports = mkdtempSync(join(tmpdir(), 'fleetlens-test-'));
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const only = process.argv.slice(2);

const steps: Step[] = [
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'types', command: ['npm', 'run', 'typecheck', '--silent'] },
  {
    name: 'unit',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
      // UNIT_PROJECTS=server: only the tests that touch the database (CI's PostgreSQL pass).
      ...(process.env.UNIT_PROJECTS ?? '')
        .split(',')
        .filter(Boolean)
        .map((project) => `--project=${project}`),
      // UNIT_EXCLUDE=glob,glob: files left out (for a quick run: the walks of every operation,
      // `**/platform/fuzz.test.ts,**/platform/escalation.test.ts`, are a quarter of the suite).
      ...(process.env.UNIT_EXCLUDE ?? '')
        .split(',')
        .filter(Boolean)
        .map((glob) => `--exclude=${glob}`),
    ],
    count: () => {
      const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
      return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrors ?? 0) };
    },
    slowest: () =>
      (
        JSON.parse(readFileSync(vitestReport, 'utf8')).testResults as {
          name: string;
          startTime: number;
          endTime: number;
        }[]
      ).map((f): [number, string] => [(f.endTime - f.startTime) / 1000, relative(process.cwd(), f.name)]),
  },
  { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
  { name: 'size', command: ['node', 'scripts/size-budget.ts'] },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    count: () => {
      const s = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats;
      return { passed: s.expected + s.flaky, failed: s.unexpected };
    },
    slowest: () => storyDurations(JSON.parse(readFileSync(playwrightReport, 'utf8'))),
  },
];

let passed = 0;
let failed = 0;
const summary: string[] = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const [cmd, ...args] = step.command as [string, ...string[]];
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = run.status === 0;
  let line = `${step.name}: ${ok ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`;
  if (step.count) {
    const file = step.name === 'unit' ? vitestReport : playwrightReport;
    const counted = existsSync(file) ? step.count() : { passed: 0, failed: 1 };
    // A runner that crashed before reporting must not look green.
    if (!ok && counted.failed === 0) counted.failed = 1;
    passed += counted.passed;
    failed += counted.failed;
    line += ` ${counted.passed} passed, ${counted.failed} failed`;
    if (existsSync(file) && step.slowest)
      for (const [seconds, name] of step
        .slowest()
        .sort((a, b) => b[0] - a[0])
        .slice(0, SLOWEST_SHOWN))
        line += `\n  ${seconds.toFixed(0).padStart(5)} s  ${name}`;
  } else if (ok) {
    passed += 1;
  } else {
    failed += 1;
  }
  summary.push(line);
}

console.log(`\n=== summary\n${summary.join('\n')}`);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
