// A past data transfer's files read and judged: each CSV line by the contracts' line schema (one
// rule for both sides), then a part of lines at a time against the company (its vehicles, devices
// and operators), the period, the lines before and what is stored already; each MP4 file by its
// name (device, camera, event time), its event (in the event file or stored) and its content
// (MP4 with H.264, as the devices' uploads are checked). The check and the write both judge through
// here, so the write writes exactly what the check passed (and fails if the company changed since).
import type { Readable } from 'node:stream';
import {
  type ColumnMapping,
  parseTransferLine,
  TRANSFER_VIDEO_NAME,
  type TransferCsvKind,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { checkMp4 } from '../events/public.ts';
import { MisEncodedError } from './csv.ts';
import { fileIssue, mappedLines } from './lines.ts';
import {
  clipTarget,
  devicesOf,
  type EventLine,
  operatorsNamed,
  type PositionLine,
  storedEvents,
  storedPositions,
  type Target,
  type TransferFile,
  type TransferIssueRow,
  vehicleDevices,
} from './transfers.repository.ts';

export type CsvLine =
  | { line: number; ok: true; value: Record<string, unknown> & { time: Date } }
  | { line: number; ok: false; issues: TransferIssueRow[] };

const issue = fileIssue<TransferIssueRow['file']>;

/** The file's lines after its header, read with the mapping; a file mis-encoded or without a header is one issue. */
export async function* transferLinesOf(
  kind: TransferCsvKind,
  stream: Readable,
  mapping: ColumnMapping,
  offset: number,
): AsyncGenerator<CsvLine> {
  let headed = false;
  const check = (cells: Record<string, string>) => parseTransferLine(kind, cells, offset);
  try {
    yield* mappedLines(kind, stream, mapping, check, () => {
      headed = true;
    });
  } catch (error) {
    if (!(error instanceof MisEncodedError)) throw error;
    yield { line: error.line, ok: false, issues: [issue(kind, error.line, 'importEncoding')] };
    return;
  }
  if (!headed) yield { line: 1, ok: false, issues: [issue(kind, 1, 'importEmpty')] };
}

export interface Period {
  from: string;
  to: string;
  /** Minutes east of UTC the period's days are read in, as the files' wall-clock times. */
  offset: number;
}
const inPeriod = (time: Date, p: Period) => {
  const start = Date.parse(`${p.from}T00:00:00Z`) - p.offset * 60_000;
  const end = Date.parse(`${p.to}T00:00:00Z`) + 86_400_000 - p.offset * 60_000;
  return time.getTime() >= start && time.getTime() < end;
};

type Pending = { line: number; value: Record<string, unknown> & { time: Date } };
export type Judged<T> = { good: T[]; bad: { line: number; issues: TransferIssueRow[] }[] };

/**
 * One pass's judge of CSV parts: it remembers the lines before (a key once per file) and, of the
 * event file, each device's seconds with an event, which the clips are matched with.
 */
export function transferJudge(db: Queryable, customerId: string, period: Period) {
  const seen = { event: new Set<string>(), regular: new Set<string>() };
  const eventSeconds = new Map<string, number>();
  const second = (devicePk: string, time: Date) => `${devicePk}/${Math.floor(time.getTime() / 1000)}`;

  async function targets(kind: TransferCsvKind, part: Pending[]) {
    const text = (p: Pending, f: string) => String(p.value[f] ?? '');
    const vehicles = await vehicleDevices(
      db,
      customerId,
      part.map((p) => text(p, 'vehicle')).filter(Boolean),
    );
    const devices = await devicesOf(db, customerId, part.map((p) => text(p, 'device_id')).filter(Boolean));
    return part.map((p): { target?: Target; issues: TransferIssueRow[] } => {
      const issues: TransferIssueRow[] = [];
      const add = (column: string, key: string) =>
        issues.push(issue(kind, p.line, key, column, text(p, column)));
      const vehicleName = text(p, 'vehicle');
      const deviceId = text(p, 'device_id');
      const vehicle = vehicleName ? vehicles.get(vehicleName) : undefined;
      const device = deviceId ? devices.get(deviceId) : undefined;
      if (vehicleName && !vehicle) add('vehicle', 'transferVehicleUnknown');
      if (deviceId && !device) add('device_id', 'transferDeviceUnknown');
      if (issues.length > 0) return { issues };
      if (device && vehicle && device.vehicle_id !== vehicle.id)
        add('device_id', 'transferDeviceOtherVehicle');
      else if (!device && vehicle && !vehicle.device_pk) add('vehicle', 'transferNoDevice');
      if (issues.length > 0) return { issues };
      const devicePk = (device?.id ?? vehicle?.device_pk) as string;
      return { target: { devicePk, vehicleId: vehicle?.id ?? device?.vehicle_id ?? null }, issues };
    });
  }

  async function events(part: Pending[]): Promise<Judged<EventLine>> {
    const resolved = await targets('event', part);
    const operators = await operatorsNamed(
      db,
      customerId,
      part.map((p) => String(p.value.operator ?? '')).filter(Boolean),
    );
    const keys = part.map((p, i) => ({
      devicePk: resolved[i]?.target?.devicePk ?? '00000000-0000-0000-0000-000000000000',
      time: p.value.time,
      type: String(p.value.type),
    }));
    const stored = await storedEvents(db, customerId, keys);
    const out: Judged<EventLine> = { good: [], bad: [] };
    part.forEach((p, i) => {
      const { target, issues } = resolved[i] as { target?: Target; issues: TransferIssueRow[] };
      const add = (column: string, key: string, value = String(p.value[column] ?? '')) =>
        issues.push(issue('event', p.line, key, column, value));
      if (!inPeriod(p.value.time, period)) add('time', 'transferOutsidePeriod', p.value.time.toISOString());
      const operator = String(p.value.operator ?? '');
      const operatorId = operator ? operators.get(operator) : undefined;
      if (operator && !operatorId) add('operator', 'transferOperatorUnknown');
      if (target) {
        const key = `${second(target.devicePk, p.value.time)}/${p.value.type}`;
        if (stored.has(i)) add('time', 'transferAlreadyStored', p.value.time.toISOString());
        else if (seen.event.has(key)) add('time', 'importDuplicate', p.value.time.toISOString());
        seen.event.add(key);
      }
      if (issues.length > 0 || !target) {
        out.bad.push({ line: p.line, issues });
        return;
      }
      const at = second(target.devicePk, p.value.time);
      eventSeconds.set(at, (eventSeconds.get(at) ?? 0) + 1);
      // The line schema made these numbers (parseTransferLine).
      const n = (field: string) => p.value[field] as number;
      out.good.push({
        ...target,
        line: p.line,
        time: p.value.time,
        type: String(p.value.type),
        operatorId: operatorId ?? null,
        lat: n('lat'),
        lng: n('lng'),
        speed_kmh: n('speed_kmh'),
        direction: n('direction'),
        gx: n('gx'),
        gy: n('gy'),
        gz: n('gz'),
        roll: n('roll'),
        pitch: n('pitch'),
        yaw: n('yaw'),
      });
    });
    return out;
  }

  async function positions(part: Pending[]): Promise<Judged<PositionLine>> {
    const resolved = await targets('regular', part);
    const keys = part.map((p, i) => ({
      devicePk: resolved[i]?.target?.devicePk ?? '00000000-0000-0000-0000-000000000000',
      time: p.value.time,
    }));
    const stored = await storedPositions(db, keys);
    const out: Judged<PositionLine> = { good: [], bad: [] };
    part.forEach((p, i) => {
      const { target, issues } = resolved[i] as { target?: Target; issues: TransferIssueRow[] };
      const time = p.value.time.toISOString();
      if (!inPeriod(p.value.time, period))
        issues.push(issue('regular', p.line, 'transferOutsidePeriod', 'time', time));
      if (target) {
        const key = `${target.devicePk}/${p.value.time.getTime()}`;
        if (stored.has(i)) issues.push(issue('regular', p.line, 'transferAlreadyStored', 'time', time));
        else if (seen.regular.has(key))
          issues.push(issue('regular', p.line, 'importDuplicate', 'time', time));
        seen.regular.add(key);
      }
      if (issues.length > 0 || !target) {
        out.bad.push({ line: p.line, issues });
        return;
      }
      const n = (field: string) => p.value[field] as number;
      out.good.push({
        ...target,
        line: p.line,
        time: p.value.time,
        lat: n('lat'),
        lng: n('lng'),
        speed_kmh: n('speed_kmh'),
        direction: n('direction'),
        altitude: (p.value.altitude as number | null) ?? null,
      });
    });
    return out;
  }

  const videoNames = new Set<string>();
  /**
   * One MP4 file: its name, device, event (of this pass's event file, else one stored without a
   * clip of the camera and not waiting for the devices' clips) and content.
   */
  async function video(
    file: TransferFile,
    line: number,
    readStart: (length: number) => Promise<Buffer | undefined>,
  ): Promise<
    | { ok: true; devicePk: string; camera: number; time: Date; storedEventId: string | null }
    | { ok: false; issues: TransferIssueRow[] }
  > {
    const bad = (key: string) => ({
      ok: false as const,
      issues: [issue('video', line, key, 'name', file.name)],
    });
    const m = TRANSFER_VIDEO_NAME.exec(file.name);
    const stamp = m?.[3] ?? '';
    const time = new Date(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}Z`,
    );
    if (!m || Number.isNaN(time.getTime())) return bad('transferVideoName');
    const key = file.name.toLowerCase();
    if (videoNames.has(key)) return bad('importDuplicate');
    videoNames.add(key);
    const device = (await devicesOf(db, customerId, [m[1] as string])).get(m[1] as string);
    if (!device) return bad('transferDeviceUnknown');
    if (!inPeriod(time, period)) return bad('transferOutsidePeriod');
    const camera = Number(m[2]);
    const inFile = eventSeconds.get(second(device.id, time)) ?? 0;
    let storedEventId: string | null = null;
    if (inFile > 1) return bad('transferVideoEventUnknown');
    if (inFile === 0) {
      const stored = await clipTarget(db, customerId, device.id, time, camera);
      if (stored.count !== 1) return bad('transferVideoEventUnknown');
      if (stored.clipped) return bad('transferAlreadyStored');
      storedEventId = stored.id;
    }
    const verdict = await checkMp4(readStart, file.bytes ?? 0);
    if (!verdict.ok) return bad('transferVideoNotH264');
    return { ok: true, devicePk: device.id, camera, time, storedEventId };
  }

  return { events, positions, video };
}
