// The public face of modules/maintenances: the only file other modules import (platform/structure.test.ts).
// The demo fleet's maintenance plans.
export { seedDemoMaintenance } from './demo.ts';
