// The public face of modules/lockouts: the only file other modules import (platform/structure.test.ts).
// Nothing yet: the module joins the others through the events' and the device link's hooks.
export {};
