// `npm start`'s build step: builds the web app only when its inputs changed since the last build.
// A build takes most of a start (about 45 s of 66–73 s on two cores, mostly precompressing every
// file at the strongest settings), and a start on an unchanged checkout has nothing new to build.
// The inputs' SHA-256 (the web app's and the contracts' files, the lockfile, the base tsconfig) is
// kept beside the build; a start whose inputs hash the same reuses apps/web/dist as it is.
//   node scripts/build-web.ts [--force]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** What the build reads: a change to any of these files means a new build. */
export const WEB_INPUTS = [
  'apps/web',
  'packages/contracts',
  'package-lock.json',
  'tsconfig.base.json',
] as const;
/** Never inputs: the build's output and installed packages (the lockfile stands for them). */
const SKIPPED = new Set(['node_modules', 'dist', '.build-sources']);
export const HASH_FILE = 'apps/web/.build-sources';
const DIST_INDEX = 'apps/web/dist/index.html';

/** The SHA-256 of the inputs' paths and contents, in a stable order. */
export function sourcesHash(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  const walk = (path: string): void => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!SKIPPED.has(name)) walk(join(path, name));
      return;
    }
    hash.update(relative(root, full)).update('\0').update(readFileSync(full)).update('\0');
  };
  for (const input of inputs) walk(input);
  return hash.digest('hex');
}

function main(): void {
  const hash = sourcesHash(ROOT, WEB_INPUTS);
  const hashFile = join(ROOT, HASH_FILE);
  const kept = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
  if (!process.argv.includes('--force') && kept === hash && existsSync(join(ROOT, DIST_INDEX))) {
    console.log('web app unchanged since its last build: apps/web/dist reused (--force builds anyway)');
    return;
  }
  const build = spawnSync('npm', ['run', 'build', '-w', '@fleetlens/web'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Written after a build that succeeded, with the hash taken before it: sources edited during the
  // build make the next start build again.
  writeFileSync(hashFile, `${hash}\n`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
