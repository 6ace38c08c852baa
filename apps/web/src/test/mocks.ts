// A module mocked in part for a screen's test: the named calls replaced by bare mocks (each test
// gives their answers), the rest of the module (query keys, addresses) kept as it is.
import { vi } from 'vitest';

/** In `vi.mock(path, (original) => withMockedCalls(original, [names]))`. */
export async function withMockedCalls(
  original: () => Promise<unknown>,
  names: readonly string[],
): Promise<Record<string, unknown>> {
  return {
    ...((await original()) as Record<string, unknown>),
    ...Object.fromEntries(names.map((name) => [name, vi.fn()])),
  };
}
