// A resource's list page from its names alone: the words of its feature under a prefix, the column
// choice kept under the resource's name, the first order, and "New" only for those who may open
// the create route.
import { fireEvent, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../api/listQuery';
import { resourceApi } from '../../api/resource';
import { demoProfile, renderInShell } from '../../test/render';
import { nameColumn } from './columns';
import { ListPage } from './ListPage';
import { useResourceList } from './useResourceList';

type Row = { id: string; name: string; series_name: string };

const models = resourceApi<Row, ListParams>('/vehicle-models');

function Models() {
  const { t } = useTranslation('vehicles');
  const list = useResourceList(models, t, { words: 'models.', new: 'vehicleModelNew', sort: 'name' });
  return (
    <ListPage
      list={list}
      columns={[
        nameColumn<Row>('Name'),
        { title: 'Series', key: 'series', exportValue: (r) => r.series_name },
      ]}
    />
  );
}

describe('a resource list', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("shows its feature's words, orders by its first column and offers New to those who may add", async () => {
    const fetch = vi.spyOn(models, 'list').mockResolvedValue({ list: [], total: 0, page: 1, perPage: 20 });
    await renderInShell(<Models />);
    expect(await screen.findByText('No vehicle models yet')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search by name, series, model or engine' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toMatchObject({ order_by: 'name', page: 1, perPage: 20 });
  });

  it('keeps the column choice under the resource name and hides New from those who may not add', async () => {
    vi.spyOn(models, 'list').mockResolvedValue({
      list: [{ id: 'm-1', name: 'FD25', series_name: 'T1' }],
      total: 1,
      page: 1,
      perPage: 20,
    });
    await renderInShell(<Models />, { profile: demoProfile({ sys_role: 'user', roles: [] }) });
    expect(await screen.findByText('1 vehicle models')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Series' }));
    expect(localStorage.getItem('fleetlens.columns.vehicleModels')).toBe('["series"]');
  });
});
