// The rollout job's pace, read by the device protocol's words on when firmware updates are sent.

/** How often the rollout job looks at running rollouts: the rate's spacing and the start of a window. */
export const ROLLOUT_TICK_SECONDS = 2;
/** How many devices one run of the job notifies at most per rollout (the rest go next run). */
export const ROLLOUT_BATCH_MAX = 500;
