// The public face of modules/devices: the only file other modules import (platform/structure.test.ts).
// A vehicle's device and the device service, which a case's kitting saves through.
export { findDeviceOfVehicle } from './repository.ts';
export { deviceService, exposedCasesOnly } from './service.ts';
