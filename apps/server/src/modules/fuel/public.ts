// The public face of modules/fuel: the only file other modules import (platform/structure.test.ts).
// The demo fleet's fuel log.
export { seedDemoFuel } from './demo.ts';
