// What every list query shares: the free-text filter as a LIKE pattern (with LIKE's own
// characters escaped, so "50%" finds "50%" and not everything) and the page window.
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
 * One page of a list and its total: the page's statement and the count share `where` and its
 * `params`; LIMIT and OFFSET follow them. `count` is the FROM part the count needs (often fewer
 * joins than the page). `order` is the ORDER BY text, or the list's Ordering applied to the query.
 */
export async function pageRows<R, T>(
  database: Queryable,
  sql: { select: string; count: string; where: string; order: string | Ordering },
  params: unknown[],
  query: Pick<ListQuery, 'page' | 'perPage' | 'order_by' | 'order'>,
  toItem: (row: R) => T,
): Promise<{ list: T[]; total: number }> {
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

/** The ORDER BY expressions of a list query (without the keyword); every expression takes the direction. */
export function orderBy(ordering: Ordering, query: Pick<ListQuery, 'order_by' | 'order'>): string {
  const asked = query.order_by === undefined ? [] : expressionsOf(ordering, query.order_by);
  const expressions = asked.length > 0 ? asked : expressionsOf(ordering, ordering.fallback);
  const descending = query.order ? query.order === 'desc' : ordering.descending === true;
  const direction = `${descending ? 'DESC' : 'ASC'}${ordering.nullsLast ? ' NULLS LAST' : ''}`;
  const tiebreak = ordering.alias ? `${ordering.alias}.id` : 'id';
  return [...expressions.map((e) => `${e} ${direction}`), tiebreak].join(', ');
}
