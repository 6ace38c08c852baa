// What every list query shares: the free-text filter as a LIKE pattern (with LIKE's own
// characters escaped, so "50%" finds "50%" and not everything) and the page window.
import type { ListQuery } from '@fleetlens/contracts';

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
