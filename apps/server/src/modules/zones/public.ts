// The public face of modules/zones: the only file other modules import (platform/structure.test.ts).
// The live-bus topic on which a change of a customer's zones is announced.
export { ZONES_CHANGED } from './evaluator.ts';
