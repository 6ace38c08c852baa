// The event map (route /event-map, customer function e-map): the events of a period, with the
// event list's filters, as the map shows them at one zoom over one box. The server counts them in
// grid cells (a month of a large fleet is 100,000 events and more): a cell of many answers one
// cluster, a cell of few answers its events one by one. The heat view weighs the same cells.
import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '../device-link/messages.ts';
import { checkEventPeriod, EVENT_PERIOD_RULE, eventFilterShape } from './events.ts';

/**
 * A cell holding at most this many events answers them one by one instead of a cluster. Two: the
 * server names them by their row addresses, least and greatest, in the same pass that counts them.
 */
export const EVENT_MAP_SINGLES_MAX = 2;
/** About this many pixels square: the grid cell at every zoom (a 256-pixel tile holds 4 by 4). */
export const EVENT_MAP_CELL_PX = 64;
export const EVENT_MAP_ZOOM_MAX = 22;
/** At most this many cells answer, the fullest first (a screen holds a few hundred). */
export const EVENT_MAP_CELLS_MAX = 2000;

/**
 * The event types from the most severe down, as a cluster names its worst (ours; the spec ranks
 * none): a crash, then an alarm, then the sudden manoeuvres, speeding, the harsh ones, the sensor
 * readings, and last what a person or a schedule asked for.
 */
export const EVENT_TYPES_BY_SEVERITY = [
  'Impact',
  'Alarm',
  'SuddenAcceleration',
  'SuddenDeceleration',
  'SuddenTurn',
  'Speed',
  'ZoneBreach',
  'Accelerate',
  'Deceleration',
  'TurnAngle',
  'TurnGyroscope',
  'TurnLeft',
  'TurnRight',
  'Gsensor',
  'Temperature',
  'Button',
  'Manual',
  'Motion',
  'RFID',
  'Time',
  'clip',
  'Random',
] as const satisfies readonly EventType[];

/** The grid cell's side in degrees at `zoom` (of the map's 256-pixel tiles). */
export function eventMapCellDegrees(zoom: number): number {
  return (360 / 2 ** Math.floor(zoom)) * (EVENT_MAP_CELL_PX / 256);
}

const longitude = z.coerce.number('validation.invalidNumber').min(-180).max(180);
const latitude = z.coerce.number('validation.invalidNumber').min(-90).max(90);

export const eventMapQuerySchema = z
  .object({
    ...eventFilterShape,
    /** The box shown; the whole world unless told. A west east of east crosses the 180th meridian. */
    west: longitude.default(-180),
    south: latitude.default(-90),
    east: longitude.default(180),
    north: latitude.default(90),
    zoom: z.coerce.number('validation.invalidNumber').min(0).max(EVENT_MAP_ZOOM_MAX).default(2),
  })
  .superRefine((q, ctx) => {
    checkEventPeriod(q, ctx);
    if (q.south >= q.north) ctx.addIssue({ code: 'custom', path: ['north'], message: 'validation.invalid' });
  })
  .meta({
    description: `${EVENT_PERIOD_RULE} south is below north (west may be east of east: across the 180th meridian).`,
  });
export type EventMapQuery = z.output<typeof eventMapQuerySchema>;

const eventType = z.enum(EVENT_TYPES);

export const eventMapClusterSchema = z.object({
  /** Where its events are on average: where the map draws it. */
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** The most severe type among its events (EVENT_TYPES_BY_SEVERITY). */
  type: eventType,
  /** The box its events fill: where a click zooms to. */
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
});
export type EventMapCluster = z.infer<typeof eventMapClusterSchema>;

export const eventMapEventSchema = z.object({
  id: z.string(),
  type: eventType,
  time: z.string(),
  lat: z.number(),
  lng: z.number(),
  vehicle: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type EventMapEvent = z.infer<typeof eventMapEventSchema>;

export const eventMapSchema = z.object({
  /** The events in the box that match. */
  total: z.number().int(),
  /** The grid cell's side in degrees. */
  cell: z.number(),
  clusters: z.array(eventMapClusterSchema),
  events: z.array(eventMapEventSchema),
  /** More cells held events than answered (EVENT_MAP_CELLS_MAX): the emptiest were left out. */
  truncated: z.boolean(),
});
export type EventMap = z.infer<typeof eventMapSchema>;
