// The public face of modules/drive-summary: the only file other modules import (platform/structure.test.ts).
// The drive figures as charts, driving scores and the tachograph read them, and their settling.

export { settleFigures } from './figures.repository.ts';
export {
  type FigureRow,
  type FigureSubject,
  figuresAnswer,
  localRanges,
  rangesOf,
  settleSubjects,
  sumFiguresOf,
} from './figures-read.repository.ts';
export { findSubject } from './repository.ts';
export { driveSummaryService } from './service.ts';
