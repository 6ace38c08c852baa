// The public face of modules/charts: the only file other modules import (platform/structure.test.ts).
// The dashboard charts' figures and counts, which reports compute alike.
export { type CountedChart, countChart } from './counting.ts';
export { chartFigures } from './figures.ts';
