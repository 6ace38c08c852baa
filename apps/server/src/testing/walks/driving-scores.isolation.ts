import type { IsolationWalk } from '../walks.ts';

// The scores read B's operator (seeded by the operators walk). The list needs its subject, so the
// walk's bare call is refused with 400; modules/driving-scores/driving-scores.test.ts lists every
// subject of a manager of A and finds none of B's.
export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/driving-scores\/operators\/\{id\}$/, 'operator']],
};
