// A list's parameters (its filters, search, order, page and size) live in the page's address, so
// a reload keeps them and a filtered list can be shared or bookmarked. The address is the truth:
// the list reads its parameters from it and writes each change back (replacing the history entry,
// so paging does not fill the Back button). Only what differs from the list's initial parameters
// is written; a cleared filter whose initial value was set is written empty. Other parameters of
// the address (a page's own: a period, a subject) are left as they are.
// A page kept alive in a hidden tab (KeepAliveOutlet) still renders when another page's address
// changes: it keeps the parameters of its own address, read while it was shown.
import { useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { ListParams } from '../../api/listQuery';

type Values = Record<string, unknown>;

/** The parameters an address gives, typed like the initial ones (numbers and switches). */
export function paramsOfAddress<P extends ListParams>(search: URLSearchParams, initial: P): P {
  const read: Values = { ...initial };
  for (const [key, text] of search) {
    const was = (initial as Values)[key];
    if (text === '') read[key] = undefined;
    else if (key === 'page' || key === 'perPage' || typeof was === 'number')
      read[key] = Number.isFinite(Number(text)) ? Number(text) : was;
    else if (typeof was === 'boolean') read[key] = text === 'true';
    else read[key] = text;
  }
  return read as P;
}

/** The address's parameters with the list's replaced by `next` (what differs from `initial`). */
export function addressOf(search: URLSearchParams, initial: Values, before: Values, next: Values) {
  const address = new URLSearchParams(search);
  for (const key of new Set([...Object.keys(before), ...Object.keys(next)])) {
    address.delete(key);
    const value = next[key];
    const blank = value === undefined || value === null || value === '';
    if (blank && (initial[key] === undefined || initial[key] === '')) continue;
    if (!blank && String(value) === String(initial[key] ?? '')) continue;
    address.set(key, blank ? '' : String(value));
  }
  return address;
}

export function useListAddress<P extends ListParams>(initial: P): [P, (update: (p: P) => P) => void] {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const own = useRef(pathname);
  const last = useRef<P>(initial);
  if (pathname === own.current) last.current = paramsOfAddress(search, initial);
  const params = last.current;
  const set = (update: (p: P) => P) => {
    const next = update(params);
    setSearch(addressOf(search, initial as Values, params as Values, next as Values), { replace: true });
  };
  return [params, set];
}
