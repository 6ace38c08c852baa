// The public face of modules/device-link: the only file other modules import (platform/structure.test.ts).
// What other modules read of the device link: the link states' SQL (lists, maps, cases), who is
// signed on where, the commands a clip needs, a device's secret (the demo fleet) and the push of
// changed linked devices. Its running parts (link, commands, broker) are not here: other
// modules reach them through `platform.deviceLink`.
export { abandonCommands, queueVideoUpload } from './commands.repository.ts';
export { issueSecret } from './credentials.ts';
export { LINKED_DEVICES_CHANGED } from './ingest.ts';
export { signedOnElsewhereSql, signedOnVehiclesSql } from './signOns.repository.ts';
export {
  linkStateJson,
  linkStateMatches,
  parseLinkState,
  vehicleLinkStateJson,
  vehicleLinkStateRank,
} from './states.repository.ts';
