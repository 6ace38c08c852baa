// Is what a device uploaded an MP4 with H.264 video? Read with the contracts' MP4 reader
// (format/mp4.ts) from the object's first bytes: a clip written for streaming has its `moov` there.
// One whose `moov` follows its media is read whole, up to WHOLE_READ_MAX_BYTES.
import { inspectMp4, isH264Mp4 } from '@fleetlens/contracts';

export type Mp4Verdict = { ok: true; codecs: string[] } | { ok: false; reason: string };

/** The first `length` bytes of the object (all of a shorter one). */
export type ReadStart = (length: number) => Promise<Buffer | undefined>;

const FIRST_READ_BYTES = 1024 * 1024;
const WHOLE_READ_MAX_BYTES = 256 * 1024 * 1024;

export async function checkMp4(readStart: ReadStart, size: number): Promise<Mp4Verdict> {
  let info = inspectMp4((await readStart(Math.min(size, FIRST_READ_BYTES))) ?? Buffer.alloc(0));
  if (info && !info.complete && size > FIRST_READ_BYTES && size <= WHOLE_READ_MAX_BYTES)
    info = inspectMp4((await readStart(size)) ?? Buffer.alloc(0));
  if (!info) return { ok: false, reason: 'not an MP4 file (no ftyp box first)' };
  if (!info.complete) return { ok: false, reason: 'no complete moov box' };
  if (!isH264Mp4(info))
    return {
      ok: false,
      reason: info.codecs.length > 0 ? `not H.264 video (${info.codecs.join(', ')})` : 'no video track',
    };
  return { ok: true, codecs: info.codecs };
}

/** `readStart` over a file held in memory (tests). */
export const readFromBuffer =
  (buffer: Buffer): ReadStart =>
  async (length) =>
    buffer.subarray(0, length);
