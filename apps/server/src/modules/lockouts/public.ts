// The public face of modules/lockouts: the only file other modules import (platform/structure.test.ts).
// A failed pre-shift check locks its vehicle with the impact lock-out's lock, so the same unlock
// releases it.
export { lockForFailedCheck, vehicleLocked } from './service.ts';
