// A tachograph day computed from what the devices sent, pure (the service reads the rows): the
// timeline of segments (two consecutive positions of one part at most MAX_POSITION_GAP_S apart,
// as the drive summaries count them, segments.repository.ts), the day's totals and marks against
// the customer's limits, and a window's series reduced to the chart's columns. A part is what
// may be joined: a vehicle's day is one part; an operator's day is one part per signed-on span,
// since two vehicles' positions are never one line.
import {
  MAX_POSITION_GAP_S,
  MOVING_SPEED_KMH,
  TACHOGRAPH_FULL_RESOLUTION_MS,
  type TachographActivity,
  type TachographDay,
  type TachographLimits,
  type TachographTotals,
} from '@fleetlens/contracts';

const GAP_MS = MAX_POSITION_GAP_S * 1000;

export interface Sample {
  time: number;
  speed: number;
}
export interface MotionChange {
  time: number;
  running: boolean;
}
export interface Part {
  /** The positions of the part in time order. */
  samples: Sample[];
  /** The device's motion reports of the part's vehicle in time order, the last one before the part included. */
  motions: MotionChange[];
}
/** [from, to) in one activity (noData is never a segment: it is the time between them). */
export interface Segment {
  from: number;
  to: number;
  activity: Exclude<TachographActivity, 'noData'>;
}

/** The segments of the parts in time order. */
export function segmentsOf(parts: readonly Part[]): Segment[] {
  const segments: Segment[] = [];
  for (const { samples, motions } of parts) {
    let m = 0;
    let running = false;
    for (let i = 0; i + 1 < samples.length; i++) {
      const a = samples[i] as Sample;
      const b = samples[i + 1] as Sample;
      while (m < motions.length && (motions[m] as MotionChange).time <= a.time) {
        running = (motions[m] as MotionChange).running;
        m++;
      }
      if (b.time - a.time > GAP_MS || b.time <= a.time) continue;
      const activity =
        a.speed >= MOVING_SPEED_KMH || b.speed >= MOVING_SPEED_KMH ? 'driving' : running ? 'idle' : 'stopped';
      const last = segments.at(-1);
      if (last && last.activity === activity && last.to === a.time) last.to = b.time;
      else segments.push({ from: a.time, to: b.time, activity });
    }
  }
  return segments.sort((x, y) => x.from - y.from);
}

/** The segments cut to [from, to). */
function within(segments: readonly Segment[], from: number, to: number): Segment[] {
  const cut: Segment[] = [];
  for (const s of segments) {
    if (s.to <= from || s.from >= to) continue;
    cut.push({ from: Math.max(s.from, from), to: Math.min(s.to, to), activity: s.activity });
  }
  return cut;
}

/** The runs of [from, to): the segments with noData between them, neighbours of one activity joined. */
export function runsOf(segments: readonly Segment[], from: number, to: number) {
  const runs: { from: number; to: number; activity: TachographActivity }[] = [];
  const push = (run: { from: number; to: number; activity: TachographActivity }) => {
    if (run.to <= run.from) return;
    const last = runs.at(-1);
    if (last && last.activity === run.activity && last.to === run.from) last.to = run.to;
    else runs.push(run);
  };
  let at = from;
  for (const s of within(segments, from, to)) {
    push({ from: at, to: s.from, activity: 'noData' });
    push(s);
    at = Math.max(at, s.to);
  }
  push({ from: at, to, activity: 'noData' });
  return runs;
}

export interface DayFigures {
  totals: TachographTotals;
  marks: NonNullable<TachographDay['marks']>;
}

/**
 * The day's totals and marks over [from, to) (the day, or the day up to now): time per activity,
 * over-speed (consecutive samples above the limit, one mark each), and driving without a break
 * (a stretch without driving of at least min_break_minutes) past max_continuous_driving_minutes,
 * marked from the moment the limit is passed to the end of that driving.
 */
export function dayFigures(
  parts: readonly Part[],
  segments: readonly Segment[],
  from: number,
  to: number,
  limits: TachographLimits,
): DayFigures {
  const totals: TachographTotals = {
    driving_s: 0,
    idle_s: 0,
    stopped_s: 0,
    no_data_s: 0,
    rest_s: 0,
    max_speed_kmh: 0,
    longest_continuous_driving_s: 0,
    over_speed_count: 0,
    continuous_driving_count: 0,
  };
  const marks: DayFigures['marks'] = { over_speed: [], continuous_driving: [] };
  const runs = runsOf(segments, from, to);
  const breakMs = limits.min_break_minutes * 60_000;
  const limitMs = limits.max_continuous_driving_minutes * 60_000;
  let driven = 0;
  let pause = Number.POSITIVE_INFINITY;
  let open: { from: number; to: number; driving_s: number } | undefined;
  const close = () => {
    if (open) marks.continuous_driving.push(open);
    open = undefined;
  };
  for (const run of runs) {
    const ms = run.to - run.from;
    const key = (
      { driving: 'driving_s', idle: 'idle_s', stopped: 'stopped_s', noData: 'no_data_s' } as const
    )[run.activity];
    totals[key] += ms / 1000;
    if (run.activity !== 'driving') {
      pause += ms;
      if (pause >= breakMs) {
        close();
        driven = 0;
      }
      continue;
    }
    if (pause >= breakMs) driven = 0;
    pause = 0;
    const before = driven;
    driven += ms;
    totals.longest_continuous_driving_s = Math.max(totals.longest_continuous_driving_s, driven / 1000);
    if (driven > limitMs) {
      if (!open) open = { from: run.from + Math.max(0, limitMs - before), to: run.to, driving_s: 0 };
      open.to = run.to;
      open.driving_s = driven / 1000;
    }
  }
  close();
  for (const part of parts) {
    let over: { from: number; to: number; max_speed_kmh: number } | undefined;
    for (const s of part.samples) {
      if (s.time < from || s.time >= to) continue;
      totals.max_speed_kmh = Math.max(totals.max_speed_kmh, s.speed);
      if (s.speed > limits.speed_limit_kmh) {
        if (over) {
          over.to = s.time;
          over.max_speed_kmh = Math.max(over.max_speed_kmh, s.speed);
        } else over = { from: s.time, to: s.time, max_speed_kmh: s.speed };
      } else if (over) {
        marks.over_speed.push(over);
        over = undefined;
      }
    }
    if (over) marks.over_speed.push(over);
  }
  marks.over_speed.sort((a, b) => a.from - b.from);
  totals.rest_s = totals.stopped_s + totals.no_data_s;
  totals.over_speed_count = marks.over_speed.length;
  totals.continuous_driving_count = marks.continuous_driving.length;
  return { totals, marks };
}

export interface Series {
  resolution: 'samples' | 'columns';
  column_ms: number;
  speed: { t: number[]; v: (number | null)[] };
  activity: { from: number; to: number; activity: TachographActivity }[];
}

/**
 * The window [from, to) as the chart draws it. At 12 minutes or less, or when the window holds
 * no more samples than two per column: every sample. Longer: per column of ceil(window / width)
 * ms, its lowest and highest speed in the order they came (so every peak and every stop stays),
 * and the activity the column holds longest. A gap (no segment between two samples) is a null,
 * so the line is never joined across it.
 */
export function seriesOf(
  parts: readonly Part[],
  segments: readonly Segment[],
  from: number,
  to: number,
  width: number,
): Series {
  const inWindow = (s: Sample) => s.time >= from && s.time < to;
  const count = parts.reduce((n, p) => n + p.samples.filter(inWindow).length, 0);
  const full = to - from <= TACHOGRAPH_FULL_RESOLUTION_MS || count <= 2 * width;
  const columnMs = full ? 0 : Math.ceil((to - from) / width);
  const t: number[] = [];
  const v: (number | null)[] = [];
  const point = (time: number, speed: number | null) => {
    t.push(time - from);
    v.push(speed);
  };
  const ordered = [...parts].sort((a, b) => (a.samples[0]?.time ?? 0) - (b.samples[0]?.time ?? 0));
  for (const part of ordered) {
    if (v.length > 0 && v.at(-1) !== null) point(part.samples[0]?.time ?? from, null);
    let previous: Sample | undefined;
    let column = -1;
    let low: Sample | undefined;
    let high: Sample | undefined;
    const flush = () => {
      if (!low || !high) return;
      if (low === high) point(low.time, low.speed);
      else if (low.time < high.time) {
        point(low.time, low.speed);
        point(high.time, high.speed);
      } else {
        point(high.time, high.speed);
        point(low.time, low.speed);
      }
      low = undefined;
      high = undefined;
    };
    for (const s of part.samples) {
      if (!inWindow(s)) continue;
      const gap = previous !== undefined && (s.time - previous.time > GAP_MS || s.time <= previous.time);
      if (full) {
        if (gap) point(previous?.time ?? s.time, null);
        point(s.time, s.speed);
      } else {
        const c = Math.floor((s.time - from) / columnMs);
        if (gap || c !== column) flush();
        if (gap) point(previous?.time ?? s.time, null);
        column = c;
        if (!low || s.speed < low.speed) low = s;
        if (!high || s.speed > high.speed) high = s;
      }
      previous = s;
    }
    flush();
  }
  return {
    resolution: full ? 'samples' : 'columns',
    column_ms: columnMs,
    speed: { t, v },
    activity: full ? runsOf(segments, from, to) : columnRuns(segments, from, to, columnMs),
  };
}

const ACTIVITY_ORDER: TachographActivity[] = ['driving', 'idle', 'stopped', 'noData'];

/** Per column the activity it holds longest (driving first on a tie), neighbours joined. */
function columnRuns(segments: readonly Segment[], from: number, to: number, columnMs: number) {
  const columns = Math.ceil((to - from) / columnMs);
  const held = Array.from({ length: columns }, () => [0, 0, 0]);
  for (const s of within(segments, from, to)) {
    const index = ACTIVITY_ORDER.indexOf(s.activity);
    for (let c = Math.floor((s.from - from) / columnMs); c < columns; c++) {
      const start = from + c * columnMs;
      if (start >= s.to) break;
      const ms = Math.min(s.to, start + columnMs) - Math.max(s.from, start);
      const column = held[c] as number[];
      column[index] = (column[index] ?? 0) + ms;
    }
  }
  const runs: { from: number; to: number; activity: TachographActivity }[] = [];
  for (let c = 0; c < columns; c++) {
    const start = from + c * columnMs;
    const end = Math.min(to, start + columnMs);
    const [driving, idle, stopped] = held[c] as number[];
    const none = end - start - (driving ?? 0) - (idle ?? 0) - (stopped ?? 0);
    const figures = [driving ?? 0, idle ?? 0, stopped ?? 0, none];
    const best = figures.indexOf(Math.max(...figures));
    const activity = ACTIVITY_ORDER[best] as TachographActivity;
    const last = runs.at(-1);
    if (last && last.activity === activity) last.to = end;
    else runs.push({ from: start, to: end, activity });
  }
  return runs;
}
