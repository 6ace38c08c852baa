// The public face of modules/users: the only file other modules import (platform/structure.test.ts).
// A user's profile change push (customers, roles) and the reset of their browsers (identity).
export { resetDevices } from './devices.repository.ts';
export { pushProfileChanged } from './profileChanged.ts';
