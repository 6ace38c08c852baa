// The public face of modules/customers: the only file other modules import (platform/structure.test.ts).
// Whether a customer exists, for modules whose records name one.
export { customerExists } from './repository.ts';
