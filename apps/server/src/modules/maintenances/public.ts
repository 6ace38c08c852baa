// The public face of modules/maintenances: the only file other modules import (platform/structure.test.ts).
// The demo fleet's maintenance plans; the repair task a failed pre-shift check opens.
export { openCheckRepair, REPAIR_ITEM_NAME } from './checkRepair.ts';
export { seedDemoMaintenance } from './demo.ts';
