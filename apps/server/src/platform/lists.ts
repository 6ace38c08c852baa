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

/** How a list sorts: the keys a caller may name and the SQL each sorts by. */
export interface Ordering {
  /** Each key's expressions; every one of them takes the direction. */
  columns: Record<string, string | readonly string[]>;
  /** The key when the query names none, or one the list does not sort by. */
  fallback: string;
  /** What makes the order total (the row's id), after the key's expressions. */
  tiebreak: string;
  /** The direction when the query names none: ascending unless said. */
  descending?: boolean;
  /** Rows without a value last, whichever the direction. */
  nullsLast?: boolean;
}

/** The ORDER BY expressions of a list query (without the keyword). */
export function orderBy(ordering: Ordering, query: Pick<ListQuery, 'order_by' | 'order'>): string {
  const key = query.order_by !== undefined && Object.hasOwn(ordering.columns, query.order_by);
  const chosen = ordering.columns[key ? (query.order_by ?? '') : ordering.fallback] ?? [];
  const descending = query.order ? query.order === 'desc' : ordering.descending === true;
  const direction = `${descending ? 'DESC' : 'ASC'}${ordering.nullsLast ? ' NULLS LAST' : ''}`;
  const expressions = typeof chosen === 'string' ? [chosen] : chosen;
  return [...expressions.map((e) => `${e} ${direction}`), ordering.tiebreak].join(', ');
}
