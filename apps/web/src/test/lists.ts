// What a list screen's test asks of it: the table row that holds a text, a page of rows as a list
// call answers it, and the parameters of the list call's latest call.
import { screen } from '@testing-library/react';
import type { Mock } from 'vitest';

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
