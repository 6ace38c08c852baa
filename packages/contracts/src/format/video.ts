// Event and video helpers of spec §3 and §9.

/** The recording time in a video URL: the first 14-digit stamp YYYYMMDDHHmmss, as 'YYYY-MM-DD HH:mm:ss'. */
export function recordingTimeFromUrl(url: string | null | undefined): string | null {
  const match = /(?<!\d)(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?!\d)/.exec(url ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return null;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** Event types whose video_start_at is already local and must not be converted from UTC. */
export const UNCONVERTED_VIDEO_START_EVENT_TYPES: readonly number[] = [23, 30];

export function convertsVideoStart(eventType: number): boolean {
  return !UNCONVERTED_VIDEO_START_EVENT_TYPES.includes(eventType);
}

/** A dropdown's "load more" fires when the list is scrolled to within 10 px of its bottom. */
export const LOAD_MORE_THRESHOLD_PX = 10;

export function isNearBottom(box: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_THRESHOLD_PX;
}
