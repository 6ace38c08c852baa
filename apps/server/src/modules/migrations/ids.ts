// The ids an import gives the rows it writes, so that each part is recorded as one range of ids
// (first to last) rather than one record per row, and a restore removes by range exactly what the
// part wrote. Every id of one import shares a prefix of 60 random bits and the version nibble 8
// ("custom", RFC 9562); the last 48 bits count the rows. Uuids compare byte by byte, so every id
// between two ids of the series carries the same prefix: version 8, which no other writer makes
// (gen_random_uuid and randomUUID make version 4). A prefix already among the customer's records
// is drawn again (`prefixTaken`), and a customer runs one import at a time: no other import of
// the customer shares it.
import { randomBytes } from 'node:crypto';

const COUNTER_DIGITS = 12;

export interface IdSeries {
  /** The lowest and highest id the series can give: every id of the prefix lies between them. */
  readonly lowest: string;
  readonly highest: string;
  /** The series' next id. */
  next(): string;
}

export function idSeries(prefixHex = randomBytes(8).toString('hex').slice(0, 15)): IdSeries {
  const prefix = `${prefixHex.slice(0, 8)}-${prefixHex.slice(8, 12)}-8${prefixHex.slice(12, 15)}-8000-`;
  let n = 0;
  return {
    lowest: `${prefix}${'0'.repeat(COUNTER_DIGITS)}`,
    highest: `${prefix}${'f'.repeat(COUNTER_DIGITS)}`,
    next: () => {
      n += 1;
      return `${prefix}${n.toString(16).padStart(COUNTER_DIGITS, '0')}`;
    },
  };
}
