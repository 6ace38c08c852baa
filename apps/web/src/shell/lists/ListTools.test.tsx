// The list's export asks the server: the list's address with its filter and order, the columns
// the user sees (those a row holds) with their headers and the words of their codes, the user's
// time zone and the file's name, signed for the user and opened by the browser — no file is built
// here.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import type { ListAnswer, ListFetch, ListParams } from '../../api/listQuery';
import { renderInShell } from '../../test/render';
import { ListPage } from './ListPage';
import type { ListColumn } from './useColumnChoice';
import { usePagedList } from './usePagedList';

type Row = { id: string; name: string; state: string };

const columns: ListColumn<Row>[] = [
  { title: 'Name', dataIndex: 'name', key: 'name', alwaysShown: true, exportValue: (r) => r.name },
  {
    title: 'State',
    key: 'state',
    render: (_, r) => r.state,
    exportValue: (r) => r.state,
    exportLabels: { on: 'Running', off: 'Stopped' },
  },
  // Worked out of nothing the row holds: shown, not exported.
  { title: 'Code', key: 'code', render: () => 'C-7', exportValue: () => 'C-7' },
  { title: 'Actions', key: 'actions', render: () => null },
];

function Vehicles({ fetch }: { fetch: ListFetch<Row, ListParams> }) {
  const list = usePagedList<Row>({
    key: (p) => ['export-rows', p],
    fetch,
    initial: { order_by: 'name', filter: 'fork' },
    totalText: (n) => `${n} rows`,
  });
  return <ListPage list={list} name="exportRows" fileName="vehicles" columns={columns} />;
}

describe("a list's export", () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the server for the file through a signed link, and lets the browser open it', async () => {
    const rows: ListAnswer<Row> = {
      list: [{ id: 'v-1', name: 'Forklift 7', state: 'on' }],
      total: 1,
      page: 1,
      perPage: 20,
    };
    const fetch = Object.assign(
      vi.fn(async () => rows),
      { path: '/vehicles' },
    );
    const signed = '/api/v1/vehicles/export?format=csv&user=u-1&expires=1&signature=s';
    const post = vi.spyOn(api, 'post').mockResolvedValue({ url: signed, expires_at: '' });
    const opened: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.getAttribute('href') ?? '');
    });
    await renderInShell(<Vehicles fetch={fetch} />);
    await screen.findByText('Forklift 7');

    fireEvent.click(screen.getByRole('button', { name: /export/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));

    await waitFor(() => expect(opened).toEqual([signed]));
    expect(post).toHaveBeenCalledTimes(1);
    const [path, body] = post.mock.calls[0] as [string, { url: string }];
    expect(path).toBe('/export-links');
    const asked = new URL(body.url, 'http://console.test');
    expect(asked.pathname).toBe('/api/v1/vehicles/export');
    const query = asked.searchParams;
    expect(query.getAll('column')).toEqual(['name:Name', 'state:State']);
    expect(query.getAll('label')).toEqual(['state:on:Running', 'state:off:Stopped']);
    expect(query.get('format')).toBe('csv');
    expect(query.get('filter')).toBe('fork');
    expect(query.get('order_by')).toBe('name');
    expect(query.get('order')).toBe('asc');
    expect(query.get('time_zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(query.get('file_name')).toMatch(/^vehicles-\d{4}-\d{2}-\d{2}$/);
    expect(query.has('page')).toBe(false);
    expect(query.has('perPage')).toBe(false);
    // The list itself was read once, for the table: the export read no rows here.
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
