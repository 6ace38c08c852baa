// The generic record page in each of its states: the skeleton while the record loads, "not found"
// for a 404, the failure with a Retry that loads it, the fields under their labels, the tabs the
// address chooses, and Edit and Delete only for a role that may (the description's rules).
import { deviceResource } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { demoProfile, renderInShell } from '../../test/render';
import { RecordPage, type RecordResource } from './RecordPage';

type Thing = { id: string; device_id: string; firmware: string };
const thing: Thing = { id: 'd-1', device_id: 'DEV-0001', firmware: '1.2.3' };

const resourceOf = (one: (id: string) => Promise<Thing>, remove = vi.fn(async () => undefined)) =>
  ({
    keys: { all: ['devices'], one: (id: string) => ['devices', 'one', id] },
    one,
    remove,
    resource: deviceResource,
  }) satisfies RecordResource<Thing>;

function Where() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

function renderPage(
  resource: RecordResource<Thing>,
  options: { profile?: ReturnType<typeof demoProfile>; path?: string } = {},
) {
  return renderInShell(
    <>
      <Routes>
        <Route
          path="/devices/:deviceId/details"
          element={
            <RecordPage
              resource={resource}
              labels="devices"
              title={(t) => t.device_id}
              icon={(t) => <span role="img" aria-label={`icon of ${t.id}`} />}
              fields={(t) => [
                ['device_id', t.device_id],
                { key: 'own', label: 'Own label', children: 'own value' },
              ]}
              confirmDelete={(t) => `Delete device ${t.device_id}?`}
              back
              actions={() => <button type="button">Its own</button>}
              tabs={[
                { key: 'one', label: 'First tab', content: (t) => <p>first of {t.id}</p> },
                { key: 'two', label: 'Second tab', content: (t) => <p>second of {t.id}</p> },
              ]}
            >
              {(t) => <p>after {t.device_id}</p>}
            </RecordPage>
          }
        />
        <Route path="/devices" element={<p>The list</p>} />
      </Routes>
      <Where />
    </>,
    { path: options.path ?? '/devices/d-1/details', ...(options.profile && { profile: options.profile }) },
  );
}

describe('RecordPage', () => {
  it('waits with a skeleton, then shows the title, fields, tabs, actions and the rest', async () => {
    let resolve: (thing: Thing) => void = () => undefined;
    const one = vi.fn(() => new Promise<Thing>((r) => (resolve = r)));
    await renderPage(resourceOf(one));
    expect(screen.getByRole('status', { name: /loading/i })).toBeTruthy();
    expect(one).toHaveBeenCalledWith('d-1');
    resolve(thing);
    expect(await screen.findByText('Device ID')).toBeTruthy();
    expect(screen.getAllByText('DEV-0001').length).toBe(2); // the title and the field
    expect(screen.getByRole('img', { name: 'icon of d-1' })).toBeTruthy();
    expect(screen.getByText('Own label')).toBeTruthy();
    expect(screen.getByText('own value')).toBeTruthy();
    expect(screen.getByText('first of d-1')).toBeTruthy();
    expect(screen.getByText('after DEV-0001')).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Edit', 'Its own', 'Delete', 'Back']);
  });

  it('opens the tab the address names', async () => {
    await renderPage(
      resourceOf(async () => thing),
      { path: '/devices/d-1/details?tab=two' },
    );
    expect(await screen.findByText('second of d-1')).toBeTruthy();
  });

  it('says "not found" for a 404, with a way back to the list', async () => {
    await renderPage(
      resourceOf(async () => {
        throw new ApiError('Device not found', 404, 40400, null);
      }),
    );
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('shows a failure with Retry, which loads the record', async () => {
    const one = vi
      .fn<(id: string) => Promise<Thing>>()
      .mockRejectedValueOnce(new ApiError('Server error', 500, 50000, null))
      .mockResolvedValue(thing);
    await renderPage(resourceOf(one));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Device ID')).toBeTruthy();
    expect(one).toHaveBeenCalledTimes(2);
  });

  it('hides Edit and Delete from a role that may only view', async () => {
    await renderPage(
      resourceOf(async () => thing),
      {
        profile: demoProfile({ sys_role: 'user', privileges: ['device:view'] }),
      },
    );
    await screen.findByText('Device ID');
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Its own', 'Back']);
  });

  it('deletes after asking, and goes back to the list', async () => {
    const remove = vi.fn(async () => undefined);
    await renderPage(resourceOf(async () => thing, remove));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete device DEV-0001?')).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1);
    if (confirm) fireEvent.click(confirm);
    await waitFor(() => expect(remove).toHaveBeenCalledWith('d-1'));
    expect(await screen.findByText('The list')).toBeTruthy();
  });
});
