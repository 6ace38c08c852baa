// The public face of modules/zones: the only file other modules import (platform/structure.test.ts).
// The live-bus topic on which a change of a customer's zones is announced, and the rules replayed
// over a past track with the zones read (the demo fleet's history).
export {
  type Breach,
  breachMessageId,
  type Fix,
  speedLimitAt,
  trackBreaches,
  zoneSetOf,
} from './evaluate.ts';
export { ZONES_CHANGED } from './evaluator.ts';
export { zonesOfCustomer } from './repository.ts';
