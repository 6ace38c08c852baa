// A new user's first minutes after `npm start`: the demo fleet's simulated devices
// raise harsh events on their own, and each camera's clip, rendered by the device's encoder and
// uploaded through the server's signed address, becomes playable. The story makes nothing: it
// watches the demo fleet of the e2e server (DEMO on, its simulator connected over MQTT) as the
// demo's fleet manager would, and opens a demo event whose clips have arrived.

import type { EventDto } from '@fleetlens/contracts';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { EventScreens } from '../pages/EventScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'manager' });

/** The demo fleet's vehicles (apps/server/src/modules/demo/fleet.ts), not a story's own. */
const DEMO_VEHICLE =
  /^(FL-0[12] Counterbalance|RT-0[34] Reach truck|RS-05 Reach stacker|TT-06 Towing tractor)$/;

test("the demo fleet raises harsh events whose cameras' clips play", async ({ page }) => {
  test.setTimeout(180_000);
  const events = new EventScreens(page);
  await new ConsoleShell(page).open('/event-summary');

  // The list shows the demo fleet's events as they come (pushed live, no reload).
  await expect(events.row(DEMO_VEHICLE).first()).toBeVisible({ timeout: 120_000 });

  // One of them with its clips uploaded: asked of the list as the page asks it.
  const api = new ConsoleApi(page);
  let completed: EventDto | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v1/events?video_status=4&perPage=100', {
          headers: { authorization: `Bearer ${await api.accessToken()}` },
        });
        const list: EventDto[] = (await res.json()).data.list;
        completed = list.find((e) => DEMO_VEHICLE.test(e.vehicle?.name ?? ''));
        return completed?.id;
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBeTruthy();
  const event = completed as EventDto;

  await new ConsoleShell(page).open(`/event-summary/${event.id}/event-detail`);
  await expect(events.shown(event.vehicle?.name ?? '').first()).toBeVisible();
  await events.expectPlayable(1);
  await expect(events.chart()).toBeVisible();
});
