// The public face of modules/downloads: the only file other modules import (platform/structure.test.ts).
// One CSV line as every file the product writes it (formula-like cells neutralised): data migration's
// reports of bad lines use it.
export { csvLine } from '../../platform/csvLines.ts';
