// The public face of modules/lockouts: the only file other modules import (platform/structure.test.ts).
// The demo fleet's past lock-outs (modules/demo, and pre-shift-checks' demo for the one a failed
// check caused); otherwise the module joins the others through the events' and the device link's hooks.
export {
  DEMO_CHECK_UNLOCK_REASON,
  DEMO_UNLOCK_REASON,
  demoCheckLockFits,
  seedDemoCheckLockout,
  seedDemoLockout,
} from './demo.ts';
// A failed pre-shift check locks its vehicle with the impact lock-out's lock, so the same unlock
// releases it; the new lock is read back for the customer's webhooks.
export { lockoutsByIds } from './repository.ts';
export { lockForFailedCheck, vehicleLocked } from './service.ts';
