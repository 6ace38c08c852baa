// The public face of modules/firmware: the only file other modules import (platform/structure.test.ts).
// The rollouts' tick, which the device link's timed commands run at.
export { ROLLOUT_TICK_SECONDS } from './constants.ts';
