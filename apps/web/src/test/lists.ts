// What a list screen's test asks of it: a resource whose list answers some rows, the table row that
// holds a text, a page of rows as a list call answers it, a row's action that asks first, and the
// parameters of the list call's latest call.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, type Mock, vi } from 'vitest';

/** The row of the table that holds `text`, once it shows. */
export const findRow = async (text: string): Promise<HTMLElement> =>
  (await screen.findByText(text)).closest('tr') as HTMLElement;

/** One page holding every row, counted exactly; `more` adds what a list says besides (a cursor). */
export const pageOf = <T, M extends object = object>(list: T[], perPage = 50, more: M = {} as M) => ({
  list,
  total: list.length,
  total_exact: true,
  page: 1,
  perPage,
  ...more,
});

/** The parameters of a mocked list call's latest call (the screen's current filter and order). */
export const lastParams = (fetch: unknown): unknown => (fetch as Mock).mock.calls.at(-1)?.[0];

/**
 * Clicks the row's `button` (Delete, Revoke), sees the `question` it asks where given, answers OK,
 * and waits for the mocked `call` with the row's `id`.
 */
export async function confirmInRow(
  row: HTMLElement,
  button: string,
  call: unknown,
  id: string,
  question?: string | RegExp,
) {
  fireEvent.click(within(row).getByRole('button', { name: button }));
  if (question) expect(await screen.findByText(question)).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
  await vi.waitFor(() => expect(call).toHaveBeenCalledWith(id, expect.anything()));
}

/** What most test records share: Harbor Logistics' and made on the first of November. */
export const ofHarbor = {
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

type Removable<T> = {
  list: (...args: never[]) => Promise<{ list: T[] }>;
  remove: (id: string) => Promise<unknown>;
};

/** Spies on a resource's calls: its list answers one page of `rows`, its remove the id removed. */
export function spyOnResource<T>(resource: Removable<T>, rows: T[]) {
  const list = vi.spyOn(resource, 'list').mockResolvedValue(pageOf(rows, 20));
  const remove = vi.spyOn(resource, 'remove').mockImplementation(async (id: string) => ({ id }));
  return { list, remove };
}
