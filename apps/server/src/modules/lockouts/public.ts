// The public face of modules/lockouts: the only file other modules import (platform/structure.test.ts).
// The demo fleet's past lock-out (modules/demo); otherwise the module joins the others through the
// events' and the device link's hooks.
export { DEMO_UNLOCK_REASON, seedDemoLockout } from './demo.ts';
