// The device-link harness of a file's tests (perFile), apart from perFile.ts so that the tests
// without a broker do not load the link's client.
import { startLinkHarness } from './deviceLink.ts';
import { perFile } from './perFile.ts';

/** A device-link harness for the tests of a file, and its app harness as `h()` for tests and hooks. */
export function linkPerFile() {
  const link = perFile(startLinkHarness);
  return { link, h: () => link.h };
}
