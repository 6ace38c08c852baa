// The public face of modules/fuel: the only file other modules import (platform/structure.test.ts).
// The demo fleet's fuel log.
export { seedDemoFuel } from './demo.ts';
// The figures job's hook: the operators' seconds of some vehicles' UTC days have changed, so the
// fuel summary's stored operator parts of the readings over those days are shared again.
export { type OperatorDay, operatorDaysChanged } from './sums.repository.ts';
