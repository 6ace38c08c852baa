// A fleet manager who works in Japanese, Chinese or Burmese gets the event and video forms'
// messages in that language: asking a vehicle for six minutes of video names the five-minute
// limit under the window, and a coaching note left empty names the missing field; nothing is
// asked of the device and no note is written.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { EventScreens } from '../pages/EventScreens.ts';
import { expect, test } from '../pages/test.ts';
import { VideoScreens } from '../pages/VideoScreens.ts';

test.use({ signedInAs: 'manager' });

const languages = [
  {
    label: 'English',
    videoTooLong: 'A video can be at most 5 minutes long.',
    required: 'This field is required.',
  },
  { label: '日本語', videoTooLong: '動画の長さは最大5分です。', required: 'この項目は必須です。' },
  { label: '简体中文', videoTooLong: '视频长度最多为5分钟。', required: '此字段为必填项。' },
  {
    label: 'မြန်မာ',
    videoTooLong: 'ဗီဒီယိုအရှည်သည် အများဆုံး ၅ မိနစ် ဖြစ်ရမည်။',
    required: 'ဤအကွက်ကို ဖြည့်ရန် လိုအပ်ပါသည်။',
  },
];

const secondsAgo = (s: number) => new Date(Math.floor(Date.now() / 1000 - s) * 1000);

test('the event and video forms name what is wrong in all four languages', async ({
  page,
  filmingVehicle,
}) => {
  test.setTimeout(180_000);
  const shell = new ConsoleShell(page);
  const events = new EventScreens(page);
  const videos = new VideoScreens(page);
  // A vehicle of her company whose device reports an impact (no cameras film: no clips needed).
  const device = await filmingVehicle('Lang Reach', 1, 0);
  const { name } = device;
  await device.event('Impact', secondsAgo(15));

  await shell.open('/event-summary');
  await events.filterByVehicle(name);
  await events.openEvent(name);
  const detail = new URL(page.url()).hash.slice(1);

  for (const language of languages) {
    await shell.switchLanguage(language.label);

    await videos.openRequest(device.vehicleId, secondsAgo(400), secondsAgo(40));
    await videos.submit();
    await expect(videos.windowError(), language.label).toHaveText(language.videoTooLong);
    await expect(videos.progress()).toHaveCount(0);

    await shell.go(detail);
    await page.locator('[data-review-panel] button[type=submit]').click();
    await expect(events.fieldError('note'), language.label).toHaveText(language.required);
    await expect(page.locator('[data-coaching-note]')).toHaveCount(0);
  }
});
