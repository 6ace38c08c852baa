// Finds the walks the generated route tests run. Every module's walk lives here, as
// `testing/walks/<module>.<kind>.ts` exporting `walk`, so that module source never imports test
// code. A walk still written beside its module (`modules/<module>/<kind>.walk.ts`, the old place)
// would be skipped without a word and its routes would seem unwalked or, worse, walked by nobody:
// discovery refuses to run instead, naming the file and where it belongs.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export type WalkKind = 'isolation' | 'escalation';

const WALKS_DIR = import.meta.dirname;
const MODULES_DIR = join(import.meta.dirname, '../../modules');

/** Walk files left in modules/, as "modules/<module>/<file>". */
export function strayWalks(): string[] {
  return readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(MODULES_DIR, entry.name))
        .filter((file) => file.endsWith('.walk.ts'))
        .map((file) => `modules/${entry.name}/${file}`),
    );
}

/** Every module's walk of one kind, by module name, in a stable order. */
export async function discoverWalks<T>(kind: WalkKind): Promise<[string, T][]> {
  const strays = strayWalks();
  if (strays.length > 0)
    throw new Error(
      `walks belong in src/testing/walks/<module>.<kind>.ts, not beside the module: move ${strays
        .map((s) => `${s} → testing/walks/${s.split('/')[1]}.${s.split('/')[2]?.replace('.walk.ts', '')}.ts`)
        .join(', ')}`,
    );
  const suffix = `.${kind}.ts`;
  const files = readdirSync(WALKS_DIR)
    .filter((file) => file.endsWith(suffix))
    .sort();
  const walks: [string, T][] = [];
  for (const file of files) {
    const module = file.slice(0, -suffix.length);
    if (!existsSync(join(MODULES_DIR, module)))
      throw new Error(`testing/walks/${file} walks a module that does not exist: modules/${module}`);
    walks.push([module, ((await import(join(WALKS_DIR, file))) as { walk: T }).walk]);
  }
  return walks;
}
