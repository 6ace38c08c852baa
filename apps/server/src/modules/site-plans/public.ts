// The public face of modules/site-plans: the only file other modules import (platform/structure.test.ts).
// A site plan written once (the demo).
export { insertSitePlanOnce } from './repository.ts';
