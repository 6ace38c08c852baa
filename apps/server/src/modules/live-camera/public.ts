// The public face of modules/live-camera: the only file other modules import (platform/structure.test.ts).
// The live views' timings the device link's commands keep, and the remaining-minutes column.
export { REMAINING } from './repository.ts';
export { LIVE_SWEEP_SECONDS, PUBLISH_VALID_SECONDS } from './service.ts';
