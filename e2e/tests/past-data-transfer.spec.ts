// A support user moves a customer's history in from another system: the event file (this product's
// event list download's columns) and the regular data (positions) of one of its vehicles, checked
// and written as the company's own events, which its event list then shows; the transfer restored,
// the events gone again; and a long transfer aborted while it runs, nothing of it kept.
import { TransferScreens } from '../pages/TransferScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueDigits, uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'support' });

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('a support user transfers a customer’s past events and positions, restores the transfer, and aborts another', async ({
  page,
  apiAs,
}) => {
  test.setTimeout(180_000);
  const support = await apiAs('support');
  const company = await support.company('Transferred Haulage');
  // A vehicle fitted with a device, as the basic info import leaves them.
  const truck = { name: uniqueName('Old Truck') };
  const { id: vehicleId } = await support.create('/vehicles', {
    customer_id: company.id,
    name: truck.name,
    introduce_date: '2024-01-15',
  });
  const deviceId = uniqueDigits('8800', 12);
  await support.create('/devices', {
    customer_id: company.id,
    device_id: deviceId,
    device_type: 'dv426',
    vehicle_id: vehicleId,
    channel_number: 1,
    cameras: [{ camera_id: `CAM1-${deviceId}` }],
  });
  const eventsOf = async () => {
    const res = await page.request.get(
      `/api/v1/events?customer_id=${company.id}&start=${day(20)}T00:00:00Z&end=${day(1)}T00:00:00Z&perPage=100`,
      { headers: { authorization: `Bearer ${await support.accessToken()}` } },
    );
    return ((await res.json()).data.list as { type: string }[]).map((e) => e.type).sort();
  };
  const when = day(10);
  const events = [
    'time,event_id,type,vehicle,operator,lat,lng,speed_kmh',
    `${when}T09:30:00Z,old-1,Impact,${truck.name},,35.61,139.77,12.5`,
    `${when} 10:15:00,old-2,SuddenDeceleration,${truck.name},,35.62,139.78,20`,
  ].join('\n');
  const positions = [
    'time,vehicle,lat,lng,speed_kmh,direction',
    `${when}T09:29:59Z,${truck.name},35.6100,139.7700,10,90`,
    `${when}T09:30:00Z,${truck.name},35.6101,139.7701,12,90`,
  ].join('\n');

  const screens = new TransferScreens(page);
  await screens.openList();
  await screens.start(company.name, ['Events', 'Regular data (positions)'], {
    event: events,
    regular: positions,
  });
  const row = screens.transferRow(company.name);
  await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('Total 4, success 4, failure 0')).toBeVisible();
  await expect(row.getByText('Written: 2 events, 2 positions, 0 clips')).toBeVisible();
  expect(await eventsOf()).toEqual(['Impact', 'SuddenDeceleration']);

  await row.getByRole('button', { name: 'Restore state' }).click();
  await screens.confirm();
  await expect(row.getByText('Restored', { exact: true })).toBeVisible();
  expect(await eventsOf()).toEqual([]);

  // A long regular data file: aborted while it is checked or written.
  const start = Date.parse(`${day(9)}T00:00:00Z`);
  const many = [
    'time,vehicle,lat,lng,speed_kmh',
    ...Array.from(
      { length: 60_000 },
      (_, i) => `${new Date(start + i * 1000).toISOString()},${truck.name},35.6,139.7,5`,
    ),
  ].join('\n');
  await screens.start(company.name, ['Regular data (positions)'], { regular: many });
  const running = screens.transferRow(company.name);
  await running.getByRole('button', { name: 'Abort' }).click();
  await expect(running.getByText('Aborted', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(running.getByText('Nothing was transferred: the company is as before.')).toBeVisible();
});
