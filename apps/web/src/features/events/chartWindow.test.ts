import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { eventChartOption } from './chartWindow';
import { anEvent } from './testEvents';

const t = ((key: string) => key) as unknown as TFunction;
type Series = { name: string; type: string; data: number[][] };
const seriesOf = (option: ReturnType<typeof eventChartOption>) =>
  Object.fromEntries((option.series as Series[]).map((s) => [s.name, s]));

describe('the chart of the moment', () => {
  it("draws the device's readings around the event as lines, in seconds from it", () => {
    const event = anEvent({
      samples: [
        { offset_ms: -2000, gx: 0.05, gy: 0, gz: 1, roll: 0.2, pitch: -0.1, yaw: 90, speed: 12 },
        { offset_ms: 0, gx: -0.62, gy: 0.1, gz: 1.02, roll: 1, pitch: 3.7, yaw: 90, speed: 9 },
        { offset_ms: 1500, gx: 0, gy: 0, gz: 1, speed: 7 },
      ],
    });
    const series = seriesOf(eventChartOption(event, [[Date.parse(event.time), 0, 0, 99, 0]], t));
    expect(series.gx).toMatchObject({
      type: 'line',
      data: [
        [-2, 0.05],
        [0, -0.62],
        [1.5, 0],
      ],
    });
    expect(series['chart.pitch']?.data).toEqual([
      [-2, -0.1],
      [0, 3.7],
    ]);
    // The speed is the device's, not the positions'.
    expect(series['fields.speed']?.data).toEqual([
      [-2, 12],
      [0, 9],
      [1.5, 7],
    ]);
  });

  it("falls back to the event's own g-forces at 0 and the positions' speed without readings", () => {
    const event = anEvent({ samples: [] });
    const at = Date.parse(event.time);
    const series = seriesOf(
      eventChartOption(
        event,
        [
          [at - 3000, 0, 0, 11, 0],
          [at, 0, 0, 8, 0],
        ],
        t,
      ),
    );
    expect(series.gx).toMatchObject({ type: 'scatter', data: [[0, event.gx]] });
    expect(series['fields.speed']?.data).toEqual([
      [-3, 11],
      [0, 8],
    ]);
    expect(series['chart.roll']).toBeUndefined();
  });
});

describe("the chart of the moment's span", () => {
  it('spans its readings and the videos, not a fixed minute', () => {
    // Readings from −6 to +5 s, videos from −10 to +10 s (testEvents' clips).
    const samples = [-6000, -2000, 0, 2500, 5000].map((offset_ms) => ({
      offset_ms,
      gx: 0,
      gy: 0,
      gz: 1,
      speed: 8,
    }));
    const option = eventChartOption(anEvent({ samples }), [], t);
    expect(option.xAxis).toMatchObject({ min: -10, max: 10 });
    const speed = (option.series as { markLine?: { label?: { position?: string } } }[])[1];
    expect(speed?.markLine?.label?.position).toBe('insideEndTop');
  });

  it('reaches past the video where the readings do, and a few seconds without either', () => {
    const samples = [
      { offset_ms: -14_200, gx: 0, gy: 0, gz: 1, speed: 3 },
      { offset_ms: 3000, gx: 0, gy: 0, gz: 1, speed: 4 },
    ];
    expect(eventChartOption(anEvent({ samples }), [], t).xAxis).toMatchObject({ min: -15, max: 10 });
    expect(eventChartOption(anEvent({ clips: [], samples: [] }), [], t).xAxis).toMatchObject({
      min: -5,
      max: 5,
    });
  });
});
