// What every list query shares: the free-text filter as a LIKE pattern (with LIKE's own
// characters escaped, so "50%" finds "50%" and not everything) and the page window. A list read
// through by its export (`readingOn`) continues each page after the last row's key in the list's
// own order (keyset), without a count, so every page costs what the first did.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ListQuery } from '@fleetlens/contracts';
import type { Queryable } from '../db/client.ts';

/** '%text%' in lower case with \, % and _ escaped; null when there is nothing to match. */
export function likePattern(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? `%${trimmed.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
}

/** LIMIT and OFFSET of the requested page. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'perPage'>): [number, number] {
  return [query.perPage, (query.page - 1) * query.perPage];
}

/** The answer of a list call: the page's rows, the total, and the page asked for. */
export function pageOf<T>(query: Pick<ListQuery, 'page' | 'perPage'>, rows: { list: T[]; total: number }) {
  return { list: rows.list, total: rows.total, page: query.page, perPage: query.perPage };
}

/**
 * A list read through from its first page to its last (an export): the key of the last row each
 * statement answered, so its next page starts after it. Set for the calls of one export only.
 */
export type ReadingOn = Map<string, (string | null)[]>;
const reading = new AsyncLocalStorage<ReadingOn>();

/** Runs one page's call of a list read through: `pageRows` continues after `state`'s last keys. */
export const readOn = <T>(state: ReadingOn, call: () => Promise<T>): Promise<T> => reading.run(state, call);

/**
 * One page of a list and its total: the page's statement and the count share `where` and its
 * `params`; LIMIT and OFFSET follow them. `count` is the FROM part the count needs (often fewer
 * joins than the page). `order` is the ORDER BY text, or the list's Ordering applied to the query.
 * Read through (`readOn`), a list ordered by an Ordering reads by key instead (`keysetPage`).
 */
export async function pageRows<R, T>(
  database: Queryable,
  sql: { select: string; count: string; where: string; order: string | Ordering },
  params: unknown[],
  query: Pick<ListQuery, 'page' | 'perPage' | 'order_by' | 'order'>,
  toItem: (row: R) => T,
): Promise<{ list: T[]; total: number }> {
  const state = reading.getStore();
  if (state && typeof sql.order !== 'string') {
    const terms = orderTerms(sql.order, query);
    if (terms.every(keyable) && /^\s*SELECT\s/i.test(sql.select)) {
      const rows = await keysetPage<R>(database, state, { ...sql, terms }, params, query);
      // Not counted: a list read through ends at its short page, and the count costs a scan.
      return { list: rows.map(toItem), total: -1 };
    }
  }
  const limit = params.length + 1;
  const order = typeof sql.order === 'string' ? sql.order : orderBy(sql.order, query);
  const rows = await database.query<R>(
    `${sql.select} ${sql.where} ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}`,
    [...params, ...pageWindow(query)],
  );
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n ${sql.count} ${sql.where}`,
    params,
  );
  return { list: rows.map(toItem), total: count?.n ?? 0 };
}

/**
 * How a list sorts: the keys a caller may name and what each sorts by. Most keys name a column of
 * the listed table (`plain`, as stored; `text`, case-insensitively); the rest say their expressions
 * (`by`: a joined name, a computed value, or several expressions in turn).
 */
export interface Ordering {
  /** The listed table's alias in the statement ('' when it has none); its id breaks ties. */
  alias: string;
  plain?: readonly string[];
  text?: readonly string[];
  by?: Record<string, string | readonly string[]>;
  /** The key when the query names none, or one the list does not sort by. */
  fallback: string;
  /** The direction when the query names none: ascending unless said. */
  descending?: boolean;
  /** Rows without a value last, whichever the direction. */
  nullsLast?: boolean;
  /** What tells two rows apart, last in the order: the listed table's id unless said (a pair's key). */
  tiebreak?: readonly string[];
  /** Ties are broken in the order's direction (newest first, then the highest id), not ascending. */
  tiesFollow?: boolean;
}

/** The expressions a key sorts by; none when the list does not sort by it. */
function expressionsOf(ordering: Ordering, key: string): readonly string[] {
  const column = ordering.alias ? `${ordering.alias}.${key}` : key;
  if (ordering.by && Object.hasOwn(ordering.by, key)) {
    const by = ordering.by[key] ?? [];
    return typeof by === 'string' ? [by] : by;
  }
  if (ordering.text?.includes(key)) return [`lower(${column})`];
  if (ordering.plain?.includes(key)) return [column];
  return [];
}

/** One term of a list's order: an expression, its direction, where its nulls go. */
interface OrderTerm {
  expression: string;
  descending: boolean;
  nullsLast: boolean;
}

/** The terms a list query sorts by, the listed table's id last (ascending) to break ties. */
function orderTerms(ordering: Ordering, query: Pick<ListQuery, 'order_by' | 'order'>): OrderTerm[] {
  const asked = query.order_by === undefined ? [] : expressionsOf(ordering, query.order_by);
  const expressions = asked.length > 0 ? asked : expressionsOf(ordering, ordering.fallback);
  const descending = query.order ? query.order === 'desc' : ordering.descending === true;
  // Without NULLS LAST, PostgreSQL puts nulls last ascending and first descending.
  const nullsLast = ordering.nullsLast === true || !descending;
  const tiebreak = ordering.tiebreak ?? [ordering.alias ? `${ordering.alias}.id` : 'id'];
  return [
    ...expressions.map((expression) => ({ expression, descending, nullsLast })),
    ...tiebreak.map((expression) => ({
      expression,
      descending: ordering.tiesFollow === true && descending,
      nullsLast: true,
    })),
  ];
}

/** The ORDER BY expressions of a list query (without the keyword); every expression takes the direction. */
export function orderBy(ordering: Ordering, query: Pick<ListQuery, 'order_by' | 'order'>): string {
  const terms = orderTerms(ordering, query);
  const ties = terms.splice(terms.length - (ordering.tiebreak?.length ?? 1));
  const nulls = ordering.nullsLast ? ' NULLS LAST' : '';
  return [
    ...terms.map((t) => `${t.expression} ${t.descending ? 'DESC' : 'ASC'}${nulls}`),
    ...ties.map((t) => `${t.expression}${t.descending ? ' DESC' : ''}`),
  ].join(', ');
}

/**
 * A term the page's key can be read from and compared in WHERE: it names a column of a table of
 * the statement (`alias.column`). A name of the select list (`vehicle_count`) is not seen there:
 * such an order is read by offset.
 */
const keyable = (term: OrderTerm) => /\b[a-z_]\w*\.[a-z_]\w*\b/i.test(term.expression);

/** `row after key` in the terms' order: each term after its key, the terms before it equal to theirs. */
function afterKey(terms: OrderTerm[], key: (string | null)[], first: number, params: unknown[]): string {
  const at = (value: string) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  // The tiebreak is an id: never null, so it needs no null's place.
  const nullable = (term: OrderTerm, i: number) => term.nullsLast && i < terms.length - 1;
  const alternatives = terms.map((term, i) => {
    const equal = terms.slice(0, i).map((before, j) => {
      const value = key[j] ?? null;
      return value === null ? `${before.expression} IS NULL` : `${before.expression} = ${at(value)}`;
    });
    const value = key[i] ?? null;
    const beyond =
      value === null
        ? term.nullsLast
          ? 'FALSE'
          : `${term.expression} IS NOT NULL`
        : `(${term.expression} ${term.descending ? '<' : '>'} ${at(value)}${nullable(term, i) ? ` OR ${term.expression} IS NULL` : ''})`;
    return `(${[...equal, beyond].join(' AND ')})`;
  });
  // The first term's bound on its own as well, so an index on it starts the read at the key
  // instead of walking the rows already written.
  const [lead] = terms;
  const bound = key[0] ?? null;
  const start =
    lead && bound !== null && !nullable(lead, 0)
      ? `${lead.expression} ${lead.descending ? '<=' : '>='} ${at(bound)} AND `
      : '';
  return `${start}(${alternatives.join(' OR ')})`;
}

/**
 * A page of a list read through: the rows after the last key this statement answered (none on the
 * first page), in the list's order, without OFFSET and without a count. Each term's value is read
 * as text beside the row and compared as the term's own type (the parameter takes it), so a time's
 * microseconds survive the round trip.
 */
async function keysetPage<R>(
  database: Queryable,
  state: ReadingOn,
  sql: { select: string; where: string; terms: OrderTerm[] },
  params: unknown[],
  query: Pick<ListQuery, 'page' | 'perPage'>,
): Promise<R[]> {
  const { terms } = sql;
  const statement = `${sql.select} ${sql.where} ${terms.map((t) => t.expression).join(',')}`;
  const last = state.get(statement);
  const keyParams: unknown[] = [];
  const after = last ? afterKey(terms, last, params.length + 1, keyParams) : '';
  const where = after ? (sql.where.trim() ? `${sql.where} AND (${after})` : `WHERE ${after}`) : sql.where;
  const keys = terms.map((t, i) => `(${t.expression})::text AS __key${i}`).join(', ');
  const order = terms
    .map((t) => `${t.expression} ${t.descending ? 'DESC' : 'ASC'} NULLS ${t.nullsLast ? 'LAST' : 'FIRST'}`)
    .join(', ');
  const limit = params.length + keyParams.length + 1;
  // A page asked past the first without a key read (not this export's) falls back to its offset.
  const offset = !last && query.page > 1 ? (query.page - 1) * query.perPage : 0;
  const rows = await database.query<Record<string, unknown>>(
    `${sql.select.replace(/^\s*SELECT\s/i, `SELECT ${keys}, `)} ${where} ORDER BY ${order} LIMIT $${limit} OFFSET ${offset}`,
    [...params, ...keyParams, query.perPage],
  );
  const end = rows.at(-1);
  if (end)
    state.set(
      statement,
      terms.map((_, i) => (end[`__key${i}`] as string | null) ?? null),
    );
  for (const row of rows) for (let i = 0; i < terms.length; i++) delete row[`__key${i}`];
  return rows as R[];
}
