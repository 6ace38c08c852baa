import type { Locator } from '@playwright/test';
import { EventScreens } from './EventScreens.ts';

/**
 * The video screens: asking a vehicle for video over a window
 * (/video/{vehicleId}/create?start&end) and following it until its cameras play, the list of
 * asked-for videos (/event-video) and who viewed which (/video-history). The clips' cards and
 * players are the event detail's (EventScreens).
 */
export class VideoScreens extends EventScreens {
  /** The request page of the vehicle with the window given in its address. */
  async openRequest(vehicleId: string, start: Date, end: Date) {
    const query = new URLSearchParams({ start: start.toISOString(), end: end.toISOString() });
    await this.go(`/video/${vehicleId}/create?${query}`);
    await this.window().waitFor();
  }

  /** The window picker of the request form. */
  window(): Locator {
    return this.visible(this.page.locator('.ant-picker-range')).first();
  }

  async request() {
    await this.clickButton('Request video');
  }

  /** The message under the window. */
  windowError(): Locator {
    return this.fieldError('window');
  }

  /** The server's refusal that names no field (a video being processed, the vehicle offline). */
  refusal(): Locator {
    return this.visible(this.page.getByTestId('video-refusal'));
  }

  /** The asked-for video as it comes in: its steps and its cameras. */
  progress(): Locator {
    return this.visible(this.page.getByTestId('video-progress'));
  }

  /** Waits until camera `n`'s clip is uploaded and checked (video status 4). */
  async expectCompleted(n: number, timeout: number) {
    await this.expectPlayable(n, timeout);
  }

  runningTime(): Locator {
    return this.visible(this.page.getByTestId('running-time'));
  }

  /** Shows only the random videos, or every kind, in the asked-for videos' list. */
  async showKind(kind: 'All' | 'On-demand video' | 'Random video') {
    await this.visible(this.page.getByRole('radiogroup', { name: 'Type' }))
      .getByText(kind, { exact: true })
      .click();
  }
}
