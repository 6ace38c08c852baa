// The public face of modules/drive-summary: the only file other modules import (platform/structure.test.ts).
// The drive figures as charts, driving scores and the tachograph read them, and their settling.
export { EVENT_COLUMNS, settleFigures } from './figures.repository.ts';
// The figure tables' read side whole: what a chart or a score sums, over which ranges, settled first.
export * from './figures-read.repository.ts';
export { findSubject } from './repository.ts';
export { driveSummaryService } from './service.ts';
