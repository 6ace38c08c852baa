// Names no other story, and no earlier attempt of this one, has used: the stories run on two
// workers against one server, in any order, and a retried story must not meet its own leftovers.
// A worker's tag (its start in base 36, and its index) and a counter make each name unique in a run
// and across runs on the same database.
const tag = `${Date.now().toString(36).slice(-5)}${process.env.TEST_PARALLEL_INDEX ?? '0'}`;
let count = 0;

/** A lowercase letter-and-digit name (usernames, STK users): `prefix` and 7 or more more. */
export function uniqueId(prefix: string): string {
  count += 1;
  return `${prefix}${tag}${count}`.toLowerCase();
}

/** A display name: "Dockside Cranes" becomes "Dockside Cranes 1x2ab03". */
export function uniqueName(label: string): string {
  return `${label} ${uniqueId('')}`;
}

/** Digits only (device ids, phone numbers), `length` of them, starting with `prefix`. */
export function uniqueDigits(prefix: string, length: number): string {
  count += 1;
  const digits = `${Date.now()}${process.env.TEST_PARALLEL_INDEX ?? '0'}${count}`;
  return `${prefix}${digits.slice(-(length - prefix.length))}`.padStart(length, '0');
}
