import type { StateHistory } from '@fleetlens/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { runningPeriods, videoWindowIssue, windowIn, windowText } from './videoWindow';

const now = Date.parse('2026-11-26T10:00:00Z');
const at = (iso: string) => dayjs(iso);

describe('the on-demand video window', () => {
  it('takes 2 minutes of the past from any device', () => {
    expect(videoWindowIssue(at('2026-11-26T09:50:00Z'), at('2026-11-26T09:52:00Z'), 2, now)).toBeNull();
  });

  it('refuses an end before its start, more than 5 minutes, 4 minutes with four cameras, and the future', () => {
    expect(videoWindowIssue(at('2026-11-26T09:52:00Z'), at('2026-11-26T09:50:00Z'), 1, now)).toBe(
      'endAfterStart',
    );
    expect(videoWindowIssue(at('2026-11-26T09:40:00Z'), at('2026-11-26T09:46:00Z'), 1, now)).toBe(
      'videoTooLong',
    );
    expect(videoWindowIssue(at('2026-11-26T09:40:00Z'), at('2026-11-26T09:44:00Z'), 4, now)).toBe(
      'videoTooLongFourCameras',
    );
    expect(videoWindowIssue(at('2026-11-26T09:40:00Z'), at('2026-11-26T09:44:00Z'), 2, now)).toBeNull();
    expect(videoWindowIssue(at('2026-11-26T09:59:00Z'), at('2026-11-26T10:01:00Z'), 1, now)).toBe(
      'videoOutsideRunningTime',
    );
  });
});

describe('the running periods of a day', () => {
  const history: StateHistory = {
    vehicle_id: 'v',
    start: '2026-11-26T00:00:00.000Z',
    end: '2026-11-26T23:59:59.999Z',
    at_start: { connection: 'online', motion: 'running' },
    truncated: false,
    changes: [
      { time: '2026-11-26T01:00:00.000Z', kind: 'motion', state: 'stopping', device_id: 'd' },
      { time: '2026-11-26T02:00:00.000Z', kind: 'connection', state: 'offline', device_id: 'd' },
      { time: '2026-11-26T08:00:00.000Z', kind: 'motion', state: 'running', device_id: 'd' },
    ],
  };

  it('reads each running stretch, the open one ending now', () => {
    expect(runningPeriods(history, now)).toEqual([
      { start: '2026-11-26T00:00:00.000Z', end: '2026-11-26T01:00:00.000Z' },
      { start: '2026-11-26T08:00:00.000Z', end: '2026-11-26T10:00:00.000Z' },
    ]);
  });

  it('puts the longest window at the end of a period, or the whole of a short one', () => {
    const [start, end] = windowIn(
      { start: '2026-11-26T08:00:00.000Z', end: '2026-11-26T10:00:00.000Z' },
      180,
    );
    expect([start.toISOString(), end.toISOString()]).toEqual([
      '2026-11-26T09:57:00.000Z',
      '2026-11-26T10:00:00.000Z',
    ]);
    const [from] = windowIn({ start: '2026-11-26T09:59:00.000Z', end: '2026-11-26T10:00:00.000Z' }, 300);
    expect(from.toISOString()).toBe('2026-11-26T09:59:01.000Z');
  });

  it('writes a window with its length', () => {
    expect(windowText({ window_from: null, window_to: null })).toBe('');
    expect(windowText({ window_from: '2026-11-26T09:00:00Z', window_to: '2026-11-26T09:02:00Z' })).toMatch(
      /\(120 s\)$/,
    );
  });
});
