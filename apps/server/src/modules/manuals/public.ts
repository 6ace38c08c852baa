// The public face of modules/manuals: the only file other modules import (platform/structure.test.ts).
// The latest manual, which a user's account page offers.
export { latestManual } from './repository.ts';
