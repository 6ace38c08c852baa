import type { IsolationWalk } from '../walks.ts';

// The tachograph reads B's vehicle and operator, seeded by those modules' walks (B's vehicle also
// reported positions in the locations walk); its list shows only the caller's own subjects.
export const walk: IsolationWalk = {
  objects: [
    [/^\/api\/v1\/tachograph\/vehicles\/\{id\}\//, 'vehicle'],
    [/^\/api\/v1\/tachograph\/operators\/\{id\}\//, 'operator'],
  ],
  markers: () => ['Otherfleet FL-1', 'Otherco Straddle 77', 'Driverperson', 'OTHER-OP-9'],
};
