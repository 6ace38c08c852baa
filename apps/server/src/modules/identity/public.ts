// The public face of modules/identity: the only file other modules import (platform/structure.test.ts).
// The password hash users and the demo are saved with.
export { hashPassword } from './password.ts';
