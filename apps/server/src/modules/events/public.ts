// The public face of modules/events: the only file other modules import (platform/structure.test.ts).
// The events' list conditions and rows (event map, reviews), their live push, the video target
// lock (live camera), the random video plan (operators), and new events announced as they are
// stored (integrations' webhooks).
export { type EventsCreatedListener, onEventsCreated } from './announce.ts';
// Data migration's clips from another system: checked as the devices' uploads, and the event's
// video status following its clips.
export { refreshVideoStatus } from './clips.repository.ts';
export { EventLivePush } from './live.ts';
export { checkMp4 } from './mp4.ts';
export { replanRandomVideo } from './randomPlan.ts';
export { customersOf, eventsByIds, iso, listConditions } from './repository.ts';
export { findVideoTarget, lockDevice } from './videos.repository.ts';
