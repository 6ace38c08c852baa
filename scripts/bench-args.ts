// The command line of the bench scripts: `--name value` for each option of `defaults`, read as a
// number where the default is a number, as a flag where it is a boolean, else as text (an option
// whose default is undefined has none).
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Defaults = Record<string, number | string | boolean | undefined>;
export type BenchArgs<D extends Defaults> = {
  [K in keyof D]: D[K] extends number
    ? number
    : D[K] extends boolean
      ? boolean
      : D[K] extends string
        ? string
        : string | undefined;
};

export function benchArgs<const D extends Defaults>(defaults: D): BenchArgs<D> {
  const entries = Object.entries(defaults);
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    entries.map(([name, value]) => [
      name,
      typeof value === 'boolean'
        ? { type: 'boolean', default: value }
        : { type: 'string', ...(value === undefined ? {} : { default: String(value) }) },
    ]),
  );
  const { values } = parseArgs({ options });
  return Object.fromEntries(
    entries.map(([name, value]) => [name, typeof value === 'number' ? Number(values[name]) : values[name]]),
  ) as BenchArgs<D>;
}
