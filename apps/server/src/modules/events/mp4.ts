// Is what a device uploaded an MP4 with H.264 video? Read from the file's boxes (ISO/IEC 14496-12):
// an `ftyp` first, then a `moov` whose video track (`hdlr` 'vide') describes its samples in
// `stsd` as `avc1` or `avc3` (ISO/IEC 14496-15). Only box headers and the `moov` are read, through
// `read(offset, length)`, so a large clip is not loaded whole; the `moov` may sit before or after
// the media data.

export type Mp4Verdict = { ok: true; codec: 'avc1' | 'avc3' } | { ok: false; reason: string };

export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/** A `moov` larger than this is not a clip's. */
const MOOV_MAX_BYTES = 16 * 1024 * 1024;

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

function boxAt(buffer: Buffer, offset: number, end: number): Box | undefined {
  if (offset + 8 > end) return undefined;
  let size = buffer.readUInt32BE(offset);
  const type = buffer.toString('latin1', offset + 4, offset + 8);
  let headerSize = 8;
  if (size === 1) {
    if (offset + 16 > end) return undefined;
    size = Number(buffer.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) size = end - offset;
  if (size < headerSize || offset + size > end) return undefined;
  return { type, start: offset, headerSize, size };
}

function children(buffer: Buffer, parent: Box): Box[] {
  const boxes: Box[] = [];
  let offset = parent.start + parent.headerSize;
  const end = parent.start + parent.size;
  while (offset < end) {
    const box = boxAt(buffer, offset, end);
    if (!box) break;
    boxes.push(box);
    offset += box.size;
  }
  return boxes;
}

const child = (buffer: Buffer, parent: Box, type: string) =>
  children(buffer, parent).find((b) => b.type === type);

/** The sample entry type of a video track in this `moov`, if any. */
function videoCodecOf(moov: Buffer): string | undefined {
  const root: Box = { type: 'moov', start: 0, headerSize: 8, size: moov.length };
  for (const trak of children(moov, root).filter((b) => b.type === 'trak')) {
    const mdia = child(moov, trak, 'mdia');
    if (!mdia) continue;
    const hdlr = child(moov, mdia, 'hdlr');
    // hdlr: version/flags (4), pre_defined (4), handler_type (4).
    const handler = hdlr
      ? moov.toString('latin1', hdlr.start + hdlr.headerSize + 8, hdlr.start + hdlr.headerSize + 12)
      : '';
    if (handler !== 'vide') continue;
    const minf = child(moov, mdia, 'minf');
    const stbl = minf ? child(moov, minf, 'stbl') : undefined;
    const stsd = stbl ? child(moov, stbl, 'stsd') : undefined;
    if (!stsd) continue;
    // stsd: version/flags (4), entry_count (4), then the sample entries as boxes.
    const entry = boxAt(moov, stsd.start + stsd.headerSize + 8, stsd.start + stsd.size);
    if (entry) return entry.type;
  }
  return undefined;
}

export async function inspectMp4(read: ReadAt, size: number): Promise<Mp4Verdict> {
  if (size < 16) return { ok: false, reason: 'too small to be a video' };
  let offset = 0;
  let first = true;
  while (offset + 8 <= size) {
    const header = await read(offset, Math.min(16, size - offset));
    const sizeHere = header.length >= 8 ? header.readUInt32BE(0) : 0;
    const type = header.length >= 8 ? header.toString('latin1', 4, 8) : '';
    if (first && type !== 'ftyp') return { ok: false, reason: 'not an MP4 file (no ftyp box first)' };
    first = false;
    let boxSize = sizeHere;
    let headerSize = 8;
    if (sizeHere === 1) {
      if (header.length < 16) return { ok: false, reason: 'truncated box header' };
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (sizeHere === 0) boxSize = size - offset;
    if (boxSize < headerSize || offset + boxSize > size)
      return { ok: false, reason: `broken ${JSON.stringify(type)} box at byte ${offset}` };
    if (type === 'moov') {
      if (boxSize > MOOV_MAX_BYTES) return { ok: false, reason: 'moov box too large' };
      const moov = await read(offset, boxSize);
      // Re-based so the moov starts at 0 with an 8-byte header (a 64-bit size is rewritten as such).
      const body = moov.subarray(headerSize);
      const rebased = Buffer.concat([Buffer.alloc(8), body]);
      rebased.writeUInt32BE(rebased.length, 0);
      rebased.write('moov', 4, 'latin1');
      const codec = videoCodecOf(rebased);
      if (codec === 'avc1' || codec === 'avc3') return { ok: true, codec };
      return {
        ok: false,
        reason: codec ? `the video is ${codec}, not H.264` : 'no video track',
      };
    }
    offset += boxSize;
  }
  return { ok: false, reason: 'no moov box' };
}

/** `read` over a whole file held in memory (tests, small objects). */
export const readFromBuffer =
  (buffer: Buffer): ReadAt =>
  async (offset, length) =>
    buffer.subarray(offset, offset + length);
