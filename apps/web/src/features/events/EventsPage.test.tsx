import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLive } from '../../app/liveBus';
import { findRow, lastParams as lastCall, pageOf } from '../../test/lists';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import { fetchEvents } from './api';
import { EventsPage } from './EventsPage';
import { anEvent } from './testEvents';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchEvents']));
// The pickers' own lists are not this screen's subject.
const none = { list: [], total: 0, page: 1, perPage: 50 };
vi.mock('../vehicle-groups/api', () => ({ useVehicleGroupOptions: () => [] }));
vi.mock('../customers/CustomerFilter', () => ({ CustomerFilter: () => null }));
vi.mock('../vehicles/api', () => ({ fetchVehicles: async () => none }));
vi.mock('../operators/api', () => ({ fetchOperators: async () => none }));

const page = (list = [anEvent({ tag: 'serious', video_status: 2 })]) =>
  pageOf(list, 50, { next_cursor: null });
const lastParams = () => lastCall(fetchEvents);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1) as HTMLElement);
}

describe('the event list', () => {
  beforeEach(() => {
    vi.mocked(fetchEvents).mockReset();
    vi.mocked(fetchEvents).mockResolvedValue(page());
  });

  it('asks for the newest events first and shows time, tag and video state', async () => {
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    const row = await findRow('FL-07 Reach');
    expect(lastParams()).toMatchObject({ page: 1, perPage: 50, order_by: 'time', order: 'desc' });
    // The browser's zone (whichever the machine's is), as the spec's YYYY-MM-DD HH:mm:ss.
    const at = new Date(anEvent().time);
    const two = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:00`;
    expect(within(row).getByRole('link').textContent).toBe(local);
    expect(within(row).getByText('Serious')).toBeTruthy();
    expect(within(row).getByText('Waiting for video')).toBeTruthy();
    expect(within(row).getByText('Impact')).toBeTruthy();
  });

  it('on a phone shows in each row, within the screen, whose event it is and its tag and video state', async () => {
    vi.mocked(fetchEvents).mockResolvedValue(page([anEvent({ tag: 'serious', video_status: 2 })]));
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      await renderInShell(<EventsPage />, { path: '/event-summary' });
      const row = (await findRow('FL-07 Reach')) as HTMLTableRowElement;
      // One cell: nothing of it lies in columns scrolled out of the phone's width.
      expect(row.cells).toHaveLength(1);
      const cell = within(row.cells[0] as HTMLElement);
      expect(cell.getByRole('link').getAttribute('href')).toBe('/event-summary/e-1/event-detail');
      for (const text of ['Impact', 'FL-07 Reach', 'Aiko Tanaka', 'Serious', 'Waiting for video'])
        expect(cell.getByText(text)).toBeTruthy();
    } finally {
      window.innerWidth = width;
    }
  });

  it('sends each filter under the name the server reads, as a comma-separated list', async () => {
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    await screen.findByText('FL-07 Reach');
    await choose('Tag', 'Serious');
    await vi.waitFor(() => expect(lastParams()).toMatchObject({ tag: 'serious', page: 1 }));
    // The picker stays open for a second value.
    fireEvent.click((await screen.findAllByTitle('Very serious')).at(-1) as HTMLElement);
    await vi.waitFor(() => expect(lastParams()).toMatchObject({ tag: 'serious,very-serious' }));
    await choose('Video status', 'Video available');
    await vi.waitFor(() => expect(lastParams()).toMatchObject({ video_status: '4' }));
    await choose('Review state', 'Needs coaching');
    await vi.waitFor(() => expect(lastParams()).toMatchObject({ review_state: 'needs-coaching' }));
    await choose('Type', 'Motion');
    await vi.waitFor(() => expect(lastParams()).toMatchObject({ type: 'Motion' }));
  });

  it('keeps its filters in the address: a reload or a shared link shows the same events', async () => {
    await renderInShell(<EventsPage />, { path: '/event-summary?tag=serious&type=Impact,Speed&page=2' });
    await screen.findByText('FL-07 Reach');
    expect(lastParams()).toMatchObject({ tag: 'serious', type: 'Impact,Speed', page: 2 });
  });

  it('says "more than" when the server counted up to its bound and stopped', async () => {
    vi.mocked(fetchEvents).mockResolvedValue({ ...page(), total: 10_000, total_exact: false });
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    expect(await screen.findByText('Events: more than 10000')).toBeTruthy();
  });

  it('says nothing matches when a filter leaves no event', async () => {
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    await screen.findByText('FL-07 Reach');
    vi.mocked(fetchEvents).mockResolvedValue(page([]));
    await choose('Tag', 'Mild');
    expect(await screen.findByText('Nothing matches this search or filter.')).toBeTruthy();
  });

  it('says the list could not be read, and reads it again on Retry', async () => {
    vi.mocked(fetchEvents).mockRejectedValue(new Error('network down'));
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    vi.mocked(fetchEvents).mockResolvedValue(page());
    fireEvent.click(retry);
    expect(await screen.findByText('FL-07 Reach')).toBeTruthy();
  });

  it('marks the vehicle of an event that is in maintenance mode, and only that one', async () => {
    vi.mocked(fetchEvents).mockResolvedValue(
      page([
        anEvent({ id: 'e-2', vehicle: { id: 'v-2', name: 'FL-09 Counter', maintenance_mode: true } }),
        anEvent(),
      ]),
    );
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    expect(within(await findRow('FL-09 Counter')).getByTestId('maintenance-mode').textContent).toBe(
      'In maintenance',
    );
    expect(within(await findRow('FL-07 Reach')).queryByTestId('maintenance-mode')).toBeNull();
  });

  it('asks again when the server pushes new events', async () => {
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    await screen.findByText('FL-07 Reach');
    const calls = vi.mocked(fetchEvents).mock.calls.length;
    vi.mocked(fetchEvents).mockResolvedValue(
      page([
        anEvent({ id: 'e-2', vehicle: { id: 'v-2', name: 'FL-09 Counter', maintenance_mode: true } }),
        anEvent(),
      ]),
    );
    publishLive({ type: 'events-created', data: { events: [] } });
    expect(await screen.findByText('FL-09 Counter')).toBeTruthy();
    expect(vi.mocked(fetchEvents).mock.calls.length).toBeGreaterThan(calls);
  });

  it("asks again when the server pushes that events' clips changed", async () => {
    await renderInShell(<EventsPage />, { path: '/event-summary' });
    await screen.findByText('FL-07 Reach');
    const calls = vi.mocked(fetchEvents).mock.calls.length;
    vi.mocked(fetchEvents).mockResolvedValue(
      page([anEvent({ vehicle: { id: 'v-1', name: 'FL-07 Reach (video)', maintenance_mode: false } })]),
    );
    publishLive({ type: 'events-changed', data: { ids: ['e-1'] } });
    expect(await screen.findByText('FL-07 Reach (video)')).toBeTruthy();
    expect(vi.mocked(fetchEvents).mock.calls.length).toBeGreaterThan(calls);
  });

  it('links a row to the detail only for those who may open it', async () => {
    await renderInShell(<EventsPage />, {
      path: '/event-summary',
      profile: demoProfile({ sys_role: 'user', privileges: ['event:view'] }),
    });
    const row = await findRow('FL-07 Reach');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/event-summary/e-1/event-detail');
    // No vehicle, group or operator reading: those pickers are not offered.
    expect(screen.queryByLabelText('Vehicle')).toBeNull();
    expect(screen.queryByLabelText('Operator')).toBeNull();
  });
});
