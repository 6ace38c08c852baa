// The dry run of a basic info import: every line of every file read and judged before anything is
// written. A line's own fields by the record form's schema (lines.ts); then what a single line
// cannot tell: a name, code or id twice in the files or already taken, a device's vehicle (in the
// vehicle file or the customer's, without a device), and an account's username and e-mail (the
// product's), role (the company's) and access (of the company's kind, and nothing beyond what the
// one who started the import holds: the user form's rule). Looked up a part of lines at a time,
// so a file of a million lines is never held in memory, only the keys it introduces.
import type { Readable } from 'node:stream';
import { type AccessHolder, grantRefusal, type ImportFileKind, type SysRole } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { isProviderCompany, rolesByName } from './accounts.repository.ts';
import { MisEncodedError } from './csv.ts';
import { fileIssue, type Issue, linesOf } from './lines.ts';
import type { ImportFile } from './repository.ts';
import { takenOf, vehiclesByName } from './repository.ts';

/** Lines judged together against the database. */
export const PART_LINES = 2000;

export interface CheckCounts {
  total: number;
  success: number;
  failure: number;
}

export interface CheckSink {
  /** A bad line's issues, in line order within each file. */
  issue(issues: Issue[]): Promise<void>;
  /** After each part: the counts so far, and whether to go on. */
  part(counts: CheckCounts): Promise<void>;
}

type Pending = { line: number; value: Record<string, unknown> };

/** The grant rule's refusals as an account line's column and reason. */
const GRANT_ISSUES = {
  sys_role: ['sys_role', 'importSysRoleNotAllowed'],
  role_id: ['role', 'importRoleNotHeld'],
  manager: ['manager', 'importManagerNotHeld'],
  download_role: ['download_role', 'importDownloadRoleNotHeld'],
} as const;

/**
 * The keys a million-line file introduces, kept as a 53-bit hash of each rather than the text:
 * a number a key instead of a string (which may also hold on to the file's whole part it was read
 * from). Two keys of one hash (about one chance in ten thousand among a million keys) make the
 * second line read as a duplicate: that import then writes nothing, never a wrong record.
 */
class KeySet {
  private readonly hashes = new Set<number>();
  private static hash(key: string): number {
    let a = 0x811c9dc5;
    let b = 0x01000193;
    for (let i = 0; i < key.length; i += 1) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    return (a >>> 0) * 0x200000 + ((b >>> 0) >>> 11);
  }
  has(key: string): boolean {
    return this.hashes.has(KeySet.hash(key));
  }
  add(key: string): void {
    this.hashes.add(KeySet.hash(key));
  }
}

/**
 * Checks the files in order (vehicles, operators, devices, accounts); answers the counts. `holder`:
 * the access of whoever started the import, which an account file's users may not exceed.
 */
export async function checkImport(
  db: Queryable,
  customerId: string,
  files: ImportFile[],
  open: (file: ImportFile) => Promise<Readable>,
  sink: CheckSink,
  holder?: AccessHolder,
): Promise<CheckCounts> {
  const counts: CheckCounts = { total: 0, success: 0, failure: 0 };
  // Keys the files introduce, checked against each other.
  const seen: Record<string, KeySet> = {
    vehicle: new KeySet(),
    operator: new KeySet(),
    device: new KeySet(),
    camera: new KeySet(),
    fitted: new KeySet(),
    username: new KeySet(),
    email: new KeySet(),
  };
  const provider = files.some((f) => f.kind === 'account') ? await isProviderCompany(db, customerId) : false;
  const bad = async (issues: Issue[]) => {
    counts.failure += 1;
    await sink.issue(issues);
  };

  /** The part's lines against the database and the lines before; the good ones count as success. */
  async function judge(kind: ImportFileKind, part: Pending[]) {
    const text = (p: Pending, f: string) => String(p.value[f] ?? '');
    const issuesOf = new Map<Pending, Issue[]>();
    const add = (p: Pending, field: string, key: string, value = text(p, field)) =>
      issuesOf.set(p, [
        ...(issuesOf.get(p) ?? []),
        { file: kind, line: p.line, column: field, value, key, params: {} },
      ]);
    if (kind === 'vehicle' || kind === 'operator') {
      const field = kind === 'vehicle' ? 'name' : 'operator_code';
      const taken = await takenOf(
        db,
        kind === 'vehicle' ? 'vehicleName' : 'operatorCode',
        customerId,
        part.map((p) => text(p, field)),
      );
      for (const p of part) {
        const key = text(p, field);
        if (taken.has(key)) add(p, field, kind === 'vehicle' ? 'vehicleNameTaken' : 'operatorIdTaken');
        else if (seen[kind]?.has(key)) add(p, field, 'importDuplicate');
        seen[kind]?.add(key);
      }
    } else if (kind === 'account') {
      if (!holder) throw new Error('an account file is checked against the access of who started it');
      const usernames = await takenOf(
        db,
        'username',
        customerId,
        part.map((p) => text(p, 'username')),
      );
      const emails = await takenOf(
        db,
        'email',
        customerId,
        part.map((p) => text(p, 'email')),
      );
      const named = part.map((p) => p.value.role).filter((r): r is string => typeof r === 'string');
      const roles = await rolesByName(db, customerId, named);
      for (const p of part) {
        for (const [field, takenKey, set] of [
          ['username', 'importUsernameTaken', usernames],
          ['email', 'importEmailTaken', emails],
        ] as const) {
          const key = text(p, field);
          if (set.has(key)) add(p, field, takenKey);
          else if (seen[field]?.has(key)) add(p, field, 'importDuplicate');
          seen[field]?.add(key);
        }
        const sysRole = p.value.sys_role as SysRole;
        const roleName = p.value.role;
        const role = typeof roleName === 'string' ? roles.get(roleName) : undefined;
        // Another company's role reads as unknown: a role is looked up among this company's only.
        if (typeof roleName === 'string' && !role) add(p, 'role', 'importRoleUnknown');
        else if ((sysRole !== 'user') !== provider) add(p, 'sys_role', 'importSysRoleNotAllowed');
        else {
          const refusal = grantRefusal(holder, {
            sysRole,
            privileges: role?.privileges ?? [],
            manager: p.value.manager === true,
            downloadRole: p.value.download_role as AccessHolder['downloadRole'],
          });
          if (refusal) {
            const [column, key] = GRANT_ISSUES[refusal.field];
            add(p, column, key);
          }
        }
      }
    } else {
      const cameras = (p: Pending) => (p.value.cameras as { camera_id: string }[]).map((c) => c.camera_id);
      const ids = await takenOf(
        db,
        'deviceId',
        customerId,
        part.map((p) => text(p, 'device_id')),
      );
      const cams = await takenOf(db, 'cameraId', customerId, part.flatMap(cameras));
      const named = part.map((p) => p.value.vehicle).filter((v): v is string => typeof v === 'string');
      const vehicles = await vehiclesByName(db, customerId, named);
      for (const p of part) {
        const id = text(p, 'device_id');
        if (ids.has(id)) add(p, 'device_id', 'deviceIdTaken');
        else if (seen.device?.has(id)) add(p, 'device_id', 'importDuplicate');
        seen.device?.add(id);
        cameras(p).forEach((camera, i) => {
          if (cams.has(camera)) add(p, `camera_${i + 1}`, 'cameraIdTaken', camera);
          else if (seen.camera?.has(camera)) add(p, `camera_${i + 1}`, 'importDuplicate', camera);
          seen.camera?.add(camera);
        });
        const vehicle = p.value.vehicle;
        if (typeof vehicle === 'string') {
          const existing = vehicles.get(vehicle);
          if (!existing && !seen.vehicle?.has(vehicle)) add(p, 'vehicle', 'importVehicleUnknown');
          else if (existing?.fitted || seen.fitted?.has(vehicle)) add(p, 'vehicle', 'importVehicleFitted');
          seen.fitted?.add(vehicle);
        }
      }
    }
    for (const p of part) {
      const issues = issuesOf.get(p);
      if (issues) await bad(issues);
      else counts.success += 1;
    }
  }

  for (const file of files) {
    let part: Pending[] = [];
    let lines = 0;
    try {
      for await (const line of linesOf(file.kind, await open(file), file.mapping)) {
        lines += 1;
        counts.total += 1;
        if (!line.ok) await bad(line.issues);
        else part.push(line);
        if (part.length >= PART_LINES || (counts.total % PART_LINES === 0 && part.length > 0)) {
          await judge(file.kind, part);
          part = [];
          await sink.part(counts);
        }
      }
      if (part.length > 0) await judge(file.kind, part);
    } catch (error) {
      if (!(error instanceof MisEncodedError)) throw error;
      if (part.length > 0) await judge(file.kind, part);
      counts.total += 1;
      await bad([fileIssue(file.kind, error.line, 'importEncoding')]);
    }
    if (lines === 0) {
      counts.total += 1;
      await bad([fileIssue(file.kind, 1, 'importEmpty')]);
    }
    await sink.part(counts);
  }
  return counts;
}
