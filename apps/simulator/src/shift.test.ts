// The live simulator drives as the seeded history does (shift.ts): each operator signed on to one
// vehicle at a time, harsh events at the model's rate per driving hour (not one a minute), at the
// speeds and headings the vehicles drive, not all at one speed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SimulatedDevice } from './device.ts';
import { seededRandom } from './random.ts';
import { HARSH_PER_DRIVING_HOUR, rosterPlace, SHIFT_MS, shiftAt } from './shift.ts';
import { DEMO_YARD } from './yard.ts';

const CARDS = ['C1', 'C2', 'C3', 'C4'];
afterEach(() => vi.useRealTimers());

interface Sent {
  channel: string;
  body: Record<string, unknown>;
}

/** Six devices of one fleet stepped second by second for `hours`, what each published. */
function drive(hours: number): Sent[][] {
  const start = Date.now();
  vi.useFakeTimers({ now: start });
  const sent: Sent[][] = [];
  const devices = Array.from({ length: 6 }, (_, index) => {
    const device = new SimulatedDevice(
      { deviceId: `D${index}`, secret: 's', cards: CARDS, place: { index, of: 6 } },
      {
        url: 'mqtt://unused',
        yard: DEMO_YARD,
        tickMs: 1000,
        offlineChance: 0,
        random: seededRandom(index + 1),
      },
    );
    const mine: Sent[] = [];
    sent.push(mine);
    device['publish'] = (channel: string, body: object) => {
      mine.push({ channel, body: body as Record<string, unknown> });
    };
    return device;
  });
  for (let second = 0; second < hours * 3600; second += 1) {
    vi.setSystemTime(start + second * 1000);
    for (const device of devices) device['step']();
  }
  return sent;
}

describe('the shift model', () => {
  it('gives each operator one vehicle a shift, and every vehicle of the fleet another slot', () => {
    for (let shift = -3; shift < 10; shift += 1) {
      const places = Array.from({ length: 6 }, (_, v) => rosterPlace(v, shift, 6, 4)).filter(
        (p) => p !== undefined,
      );
      expect(new Set(places).size).toBe(4);
    }
    const now = Date.now();
    const shift = shiftAt(now);
    expect(shift.start).toBeLessThanOrEqual(now);
    expect(shift.end - shift.start).toBe(SHIFT_MS);
    expect(shiftAt(shift.end).index).toBe(shift.index + 1);
  });
});

describe('the live simulator', () => {
  it('signs an operator on to one vehicle at a time, across a change of shift', () => {
    const sent = drive(Math.ceil((shiftAt(Date.now()).end - Date.now()) / 3_600_000) + 1);
    const at = new Map<string, string>();
    const timeline = sent
      .flatMap((mine, v) =>
        mine
          .filter((m) => m.channel === 'sign-on')
          .map((m) => ({ ...(m.body as { time: string; action: string; rfid: string }), v })),
      )
      .sort((a, b) => String(a.time).localeCompare(String(b.time)) || (a.action === 'sign-off' ? -1 : 1));
    expect(timeline.filter((s) => s.action === 'sign-on').length).toBeGreaterThanOrEqual(8);
    for (const s of timeline) {
      const card = String(s.rfid);
      if (s.action === 'sign-off') at.delete(card);
      else {
        expect(at.get(card), `${card} on two vehicles at ${s.time}`).toBeUndefined();
        at.set(card, `D${s.v}`);
      }
    }
  }, 60_000);

  it('raises harsh events at the rate per driving hour, at varied speeds and headings', () => {
    const hours = 4;
    const events = drive(hours).flatMap((mine) =>
      mine.filter((m) => m.channel === 'events').map((m) => m.body),
    );
    // Six vehicles, driving most of four hours, a few events each: the model's rate, give or take
    // chance and the first moment soon after the start; far from one a minute (240).
    expect(events.length).toBeGreaterThanOrEqual(6);
    expect(events.length).toBeLessThanOrEqual(6 + 6 * hours * HARSH_PER_DRIVING_HOUR * 3);
    expect(new Set(events.map((e) => e.speed)).size).toBeGreaterThan(events.length / 2);
    expect(new Set(events.map((e) => e.direction)).size).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
