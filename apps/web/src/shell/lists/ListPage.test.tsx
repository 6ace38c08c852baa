// The generic list page in each of its situations: loading, failed (and asked again), empty (with
// the action that fills it), and a name too long for its column.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { ListAnswer, ListFetch, ListParams } from '../../api/listQuery';
import { renderInShell } from '../../test/render';
import { ListPage } from './ListPage';
import type { ListColumn } from './useColumnChoice';
import { usePagedList } from './usePagedList';

type Row = { id: string; name: string };

const columns: ListColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name', key: 'name', long: 120, alwaysShown: true, exportValue: (r) => r.name },
];

const page = (list: Row[]): ListAnswer<Row> => ({ list, total: list.length, page: 1, perPage: 20 });

type VehiclesProps = {
  fetch: ListFetch<Row, ListParams>;
  onCreate?: () => void;
  /** No search box (a list searched by its filters only). */
  unsearched?: boolean;
  phoneRow?: (row: Row) => ReactNode;
};

function Vehicles({ fetch, onCreate, unsearched, phoneRow }: VehiclesProps) {
  const list = usePagedList<Row>({
    key: (p) => ['test-rows', p],
    fetch,
    exportPath: '/test-rows',
    totalText: (n) => `${n} rows`,
  });
  return (
    <ListPage
      list={list}
      name="testRows"
      fileName="rows"
      {...(unsearched ? {} : { search: 'Search' })}
      empty="No vehicles yet"
      create={onCreate ? { label: 'New vehicle', onClick: onCreate } : false}
      columns={[...columns, { title: 'Code', key: 'code', render: () => 'C-7', exportValue: () => 'C-7' }]}
      filters={<button type="button">Filters</button>}
      {...(phoneRow ? { phoneRow } : {})}
    />
  );
}

/** Renders at a phone's width (useMobile reads the window's). */
async function onAPhone(render: () => Promise<unknown>) {
  const width = window.innerWidth;
  window.innerWidth = 390;
  try {
    await render();
  } finally {
    window.innerWidth = width;
  }
}

describe('the generic list page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows skeleton rows while the first page loads, not "No data"', async () => {
    const fetch = vi.fn(() => new Promise<ListAnswer<Row>>(() => undefined));
    await renderInShell(<Vehicles fetch={fetch} />);
    expect(await screen.findByRole('status', { name: 'Loading the list…' })).toBeTruthy();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText('No data')).toBeNull();
    expect(screen.queryByText('No vehicles yet')).toBeNull();
    // The headers stay: the user sees what is coming.
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
  });

  it('shows a failure inline with its reason, and Retry asks again', async () => {
    const fetch = vi
      .fn<ListFetch<Row, ListParams>>()
      .mockRejectedValueOnce(new ApiError('The server is restarting', 503, 50000, null))
      .mockResolvedValueOnce(page([{ id: 'v-1', name: 'Forklift 7' }]));
    await renderInShell(<Vehicles fetch={fetch} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded');
    expect(alert.textContent).toContain('The server is restarting');
    expect(screen.queryByText('No data')).toBeNull();
    // The list shows the failure itself: the call asks the client not to toast it as well.
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ quiet: true });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Forklift 7')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what is missing when empty, and offers the action that fills it', async () => {
    const onCreate = vi.fn();
    await renderInShell(<Vehicles fetch={async () => page([])} onCreate={onCreate} />);
    expect(await screen.findByText('No vehicles yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add the first one' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('says nothing matches, without the action, when a search empties it', async () => {
    const fetch = vi.fn(async (p: ListParams) => page(p.filter ? [] : [{ id: 'v-1', name: 'Forklift 7' }]));
    await renderInShell(<Vehicles fetch={fetch} onCreate={() => undefined} />);
    await screen.findByText('Forklift 7');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'crane' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Nothing matches this search or filter.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add the first one' })).toBeNull();
  });

  it('leaves its rows clickable through a refresh in the background, and dims them for a new search', async () => {
    // The second answer (the refresh, then the search) never comes: the table is caught loading.
    const fetch = vi
      .fn<ListFetch<Row, ListParams>>()
      .mockResolvedValueOnce(page([{ id: 'v-1', name: 'Forklift 7' }]))
      .mockReturnValue(new Promise<ListAnswer<Row>>(() => undefined));
    await renderInShell(<Refreshed fetch={fetch} />);
    await screen.findByText('Forklift 7');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // Rendered while the refresh is on its way (the query cache tells its observers in a later task).
    await waitFor(() => expect(screen.getByRole('status', { name: 'fetching' }).textContent).toBe('1'));
    await act(() => new Promise((settled) => setTimeout(settled, 50)));
    // A spinning table is dimmed and takes no clicks: a live list must not swallow the user's.
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'crane' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.getByText('Forklift 7')).toBeTruthy();
  });

  it('with neither search nor "new" button, starts with its filters: no empty bar above them', async () => {
    await renderInShell(<Vehicles fetch={async () => page([])} unsearched />);
    await screen.findByText('No vehicles yet');
    // An empty item of the page's column is a gap of its own: a band above the filters.
    expect(document.querySelectorAll('.ant-space-item:empty')).toHaveLength(0);
    const first = document.querySelector('.ant-space-item');
    expect(first?.querySelector('button')?.textContent).toBe('Filters');
  });

  it('on a phone shows each row as its phone row, whole in one cell, with no columns to choose', async () => {
    const fetch = async () => page([{ id: 'v-1', name: 'Forklift 7' }]);
    const phoneRow = (row: Row) => <span>{`${row.name} · C-7`}</span>;
    await onAPhone(async () => {
      await renderInShell(<Vehicles fetch={fetch} phoneRow={phoneRow} />);
      const row = (await screen.findByText('Forklift 7 · C-7')).closest('tr') as HTMLTableRowElement;
      expect(row.cells).toHaveLength(1);
      expect(screen.queryByRole('columnheader', { name: 'Code' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Columns$/ })).toBeNull();
      expect(screen.getByRole('button', { name: /Export$/ })).toBeTruthy();
    });
  });

  it('on a wide screen keeps its columns, whatever its phone row', async () => {
    await renderInShell(
      <Vehicles fetch={async () => page([{ id: 'v-1', name: 'Forklift 7' }])} phoneRow={() => 'phone'} />,
    );
    const row = await findRowOf('Forklift 7');
    expect(row.cells).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeTruthy();
  });

  it('cuts a long name with an ellipsis and shows it whole in a tooltip', async () => {
    const name = 'Harbor Logistics yard tractor with an extraordinarily long descriptive name 0042';
    // happy-dom lays nothing out: the cell reports the width a browser would (text wider than box).
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(120);
    await renderInShell(<Vehicles fetch={async () => page([{ id: 'v-1', name }])} />);
    const cell = (await screen.findByText(name)).closest('.fl-cell-text') as HTMLElement;
    expect(cell).not.toBeNull();
    expect(cell.style.maxWidth).toBe('120px');
    fireEvent.mouseEnter(cell);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(name);
  });
});

/** The list with a button that refreshes it in the background, as a live push does. */
function Refreshed({ fetch }: { fetch: ListFetch<Row, ListParams> }) {
  const client = useQueryClient();
  const fetching = useIsFetching();
  return (
    <>
      <output aria-label="fetching">{fetching}</output>
      <button type="button" onClick={() => void client.invalidateQueries({ queryKey: ['test-rows'] })}>
        Refresh
      </button>
      <Vehicles fetch={fetch} />
    </>
  );
}

/** The list at an address, and the address it shows after each change. */
function AtAddress({ fetch }: { fetch: ListFetch<Row, ListParams> }) {
  const location = useLocation();
  return (
    <>
      <Vehicles fetch={fetch} />
      <output aria-label="address">{location.search}</output>
    </>
  );
}

describe("a list's parameters in the address", () => {
  it('reads its search, order and page from the address, and writes each change back', async () => {
    const fetch = vi.fn<ListFetch<Row, ListParams>>(async () => ({ ...page([]), total: 45 }));
    // A reload of a list searched for "reach", ordered by name, on its third page.
    await renderInShell(<AtAddress fetch={fetch} />, {
      path: '/rows?filter=reach&order_by=name&order=asc&page=3',
    });
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        expect.objectContaining({ filter: 'reach', order_by: 'name', order: 'asc', page: 3, perPage: 20 }),
        expect.anything(),
      ),
    );
    const search = screen.getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'fork' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    // A new search goes back to the first page; the order stays.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
        '?filter=fork&order_by=name&order=asc',
      ),
    );
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: 'fork', page: 1 }),
        expect.anything(),
      ),
    );
  });
});

const findRowOf = async (text: string) =>
  (await screen.findByText(text)).closest('tr') as HTMLTableRowElement;
