// A fleet manager asks vehicles for video. Kitting staff fit one vehicle with a two-camera device
// that films (the simulator's recorder answers the server's video-upload commands with real
// H.264) and has been running for four minutes, and another with a four-camera device. The
// manager asks the first for two minutes of its running time and watches both cameras play once
// uploaded; six minutes are refused with the five-minute limit, four minutes of the four-camera
// vehicle with the three-minute limit (nothing is asked), two minutes that began before the
// vehicle ran and a second request while the first is on its way with the server's messages. The video is then among the asked-for
// videos (not under random video), and her playing it is in the video history.

import { connectFilmingDevice } from '../pages/EventScreens.ts';
import { expect, test } from '../pages/test.ts';
import { VideoScreens } from '../pages/VideoScreens.ts';

test.use({ signedInAs: 'manager' });

const secondsAgo = (s: number) => new Date(Math.floor(Date.now() / 1000 - s) * 1000);

test('a manager asks for two minutes of a running vehicle, plays them, and finds them in the lists', async ({
  page,
  baseURL,
  apiAs,
}) => {
  test.setTimeout(300_000);
  const videos = new VideoScreens(page);
  const kitting = await apiAs('kitting');
  const filming = await kitting.fitVehicle('Harbor Logistics', 'Video Reach', 2);
  const four = await kitting.fitVehicle('Harbor Logistics', 'Video Four', 4);
  const { name } = filming;
  const device = await connectFilmingDevice(
    baseURL ?? '',
    filming.deviceId,
    filming.secret,
    2,
    secondsAgo(240),
  );

  try {
    // Six minutes: refused before asking, with the five-minute limit.
    await videos.openRequest(filming.vehicleId, secondsAgo(400), secondsAgo(40));
    await videos.request();
    await expect(videos.windowError()).toHaveText('A video can be at most 5 minutes long.');
    await expect(videos.progress()).toHaveCount(0);

    // Four minutes of the four-camera vehicle: refused with its three-minute limit.
    await videos.openRequest(four.vehicleId, secondsAgo(270), secondsAgo(30));
    await videos.request();
    await expect(videos.windowError()).toHaveText(
      'A device with four cameras uploads at most 3 minutes of video at a time.',
    );
    await expect(videos.progress()).toHaveCount(0);

    // Two minutes that begin before the vehicle started running: the server refuses them.
    await videos.openRequest(filming.vehicleId, secondsAgo(300), secondsAgo(180));
    await videos.request();
    await expect(videos.windowError()).toHaveText("Choose a time within the vehicle's running time.");

    // Two minutes of the running vehicle: asked for, followed, and played once both cameras are in.
    await videos.openRequest(filming.vehicleId, secondsAgo(150), secondsAgo(30));
    await expect(videos.runningTime().getByRole('button')).toHaveCount(1);
    await videos.request();
    await expect(videos.toast('Video requested.')).toBeVisible();
    await expect(videos.progress()).toBeVisible();
    // A second request while the first is on its way is refused with the server's message.
    await videos.request();
    await expect(videos.refusal()).toHaveText(
      'A video is being processed for this vehicle. Try again when it is done.',
    );
    // Each camera renders and uploads two minutes of H.264: longer than an event's 20 s clip.
    await videos.expectCompleted(1, 120_000);
    await videos.expectCompleted(2, 60_000);
    await videos.play(2);
    await page.screenshot({ path: 'test-results/videos-request.png', fullPage: true });

    // Among the asked-for videos, by her; not among the random ones.
    await videos.go('/event-video');
    await expect(videos.row(name)).toHaveCount(1);
    await expect(videos.row(name).getByText('Mina Manager')).toBeVisible();
    await expect(videos.row(name).getByText('On-demand video')).toBeVisible();
    await page.screenshot({ path: 'test-results/videos-event-video.png', fullPage: true });
    await videos.showKind('Random video');
    await expect(videos.row(name)).toHaveCount(0);

    // Her playing it is in the video history: one press, one row, for both cameras.
    await videos.go('/video-history');
    await expect(videos.row(name).filter({ hasText: 'Played' })).toHaveCount(1);
    await expect(videos.row(name).first().getByText('Mina Manager')).toBeVisible();
    await page.screenshot({ path: 'test-results/videos-history.png', fullPage: true });
  } finally {
    await device.leave();
  }
});
