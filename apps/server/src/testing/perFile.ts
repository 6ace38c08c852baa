// One harness for the tests of a file (or of a describe block), so that no test file repeats the
// let / beforeAll / afterAll of starting and closing it.
import { afterAll, beforeAll } from 'vitest';

/**
 * Starts what `start` makes before the tests and closes it after them. The answer stands for the
 * started harness: use it in the tests and hooks (a use before beforeAll ran throws).
 */
export function perFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => started?.close());
  return new Proxy({} as T, {
    get: (_, key) => {
      if (!started) throw new Error(`the harness is not started yet (reading ${String(key)})`);
      return Reflect.get(started, key);
    },
  });
}
