// The public face of modules/pre-shift-checks: the only file other modules import
// (platform/structure.test.ts). The demo fleet's checks (modules/demo); the lock a failed check
// causes and its repair task are reached from here through lockouts' and maintenances' faces.
export {
  DEMO_CHECK_DAYS,
  DEMO_MISSED_VEHICLE,
  type DemoShiftStart,
  demoChecklist,
  seedDemoChecks,
} from './demo.ts';
