import { describe, expect, it } from 'vitest';
import { byteSize, numberAbbreviation, thousands } from './numbers.ts';
import {
  durationHoursForConversion,
  localToServerTime,
  serverTimeToLocal,
  timeAgo,
  timeAgoText,
} from './time.ts';
import { convertsVideoStart, isNearBottom, recordingTimeFromUrl } from './video.ts';

describe('numbers', () => {
  it('abbreviates with k, M, G, T, P, E', () => {
    expect(numberAbbreviation(999)).toBe('999');
    expect(numberAbbreviation(1000)).toBe('1k');
    expect(numberAbbreviation(1250, 2)).toBe('1.25k');
    expect(numberAbbreviation(3_400_000)).toBe('3.4M');
    expect(numberAbbreviation(7e9)).toBe('7G');
    expect(numberAbbreviation(2e12)).toBe('2T');
    expect(numberAbbreviation(5e15)).toBe('5P');
    expect(numberAbbreviation(1.5e18)).toBe('1.5E');
    expect(numberAbbreviation(-2500)).toBe('-2.5k');
  });

  it('inserts commas', () => {
    expect(thousands(1234567)).toBe('1,234,567');
    expect(thousands(1234.56)).toBe('1,234.56');
    expect(thousands(999)).toBe('999');
    expect(thousands(-1000)).toBe('-1,000');
  });

  it('sizes bytes with two decimals', () => {
    expect(byteSize(0)).toBe('0 Bytes');
    expect(byteSize(512)).toBe('512.00 Bytes');
    expect(byteSize(1536)).toBe('1.50 KB');
    expect(byteSize(5 * 1024 ** 2)).toBe('5.00 MB');
    expect(byteSize(3 * 1024 ** 4)).toBe('3072.00 GB');
  });
});

describe('time', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('counts minutes under an hour, hours under a day, then days, with plural s', () => {
    expect(timeAgo(new Date('2026-11-23T11:59:00Z'), now)).toEqual({ value: 1, unit: 'minute' });
    expect(timeAgoText(new Date('2026-11-23T11:59:00Z'), now)).toBe('1 minute');
    expect(timeAgoText(new Date(now.getTime() - 3599_000), now)).toBe('59 minutes');
    expect(timeAgoText(new Date(now.getTime() - 3600_000), now)).toBe('1 hour');
    expect(timeAgoText(new Date(now.getTime() - 86_399_000), now)).toBe('23 hours');
    expect(timeAgoText(new Date(now.getTime() - 86_400_000 * 3), now)).toBe('3 days');
    expect(timeAgoText(new Date(now.getTime() - 86_400_000), now)).toBe('1 day');
    expect(timeAgoText(new Date(now.getTime() - 30_000), now)).toBe('0 minutes');
  });

  it('reads a number as Unix seconds, a string as a date, and never goes negative', () => {
    const nowSeconds = now.getTime() / 1000;
    expect(timeAgo(nowSeconds - 7200, now)).toEqual({ value: 2, unit: 'hour' });
    expect(timeAgo('2026-11-21T12:00:00Z', now)).toEqual({ value: 2, unit: 'day' });
    expect(timeAgo(new Date('2026-11-24T00:00:00Z'), now)).toEqual({ value: 0, unit: 'minute' });
    expect(timeAgo('not a date', now)).toEqual({ value: 0, unit: 'minute' });
  });

  it('converts server UTC times to local and back', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(serverTimeToLocal('2026-11-23 03:04:05')).toBe('2026-11-23 12:04:05');
      expect(serverTimeToLocal('2026-11-23 03:04:05', 'YYYY-MM-DD HH:mm')).toBe('2026-11-23 12:04');
      expect(localToServerTime('2026-11-23 12:04')).toBe('2026-11-23 03:04:00');
    } finally {
      process.env.TZ = zone;
    }
    expect(localToServerTime(new Date('2026-11-23T03:04:05Z'))).toBe('2026-11-23 03:04:05');
    expect(serverTimeToLocal('not a date')).toBe('');
    expect(serverTimeToLocal(null)).toBe('');
  });

  it('adds 24 hours to 720 and 8760 only', () => {
    expect(durationHoursForConversion(720)).toBe(744);
    expect(durationHoursForConversion(8760)).toBe(8784);
    expect(durationHoursForConversion(24)).toBe(24);
  });
});

describe('video', () => {
  it('reads the recording time from a 14-digit stamp', () => {
    expect(recordingTimeFromUrl('https://v.example/dev42/ch1_20261123140507.mp4')).toBe(
      '2026-11-23 14:05:07',
    );
    expect(recordingTimeFromUrl('https://v.example/dev42/ch1_2026112314050.mp4')).toBeNull();
    expect(recordingTimeFromUrl('https://v.example/x_20261399140507.mp4')).toBeNull();
    expect(recordingTimeFromUrl(undefined)).toBeNull();
  });

  it('keeps video_start_at of event types 23 and 30 unconverted', () => {
    expect(convertsVideoStart(23)).toBe(false);
    expect(convertsVideoStart(30)).toBe(false);
    expect(convertsVideoStart(1)).toBe(true);
  });

  it('loads more within 10 px of the bottom', () => {
    expect(isNearBottom({ scrollTop: 490, clientHeight: 100, scrollHeight: 600 })).toBe(true);
    expect(isNearBottom({ scrollTop: 489, clientHeight: 100, scrollHeight: 600 })).toBe(false);
  });
});
