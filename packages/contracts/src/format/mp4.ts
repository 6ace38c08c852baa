// What an uploaded clip is, read from its first bytes: an MP4 (ISO BMFF) starts with an `ftyp`
// box; its tracks' sample descriptions (moov/trak/mdia/minf/stbl/stsd) name the codec — `avc1` or
// `avc3` for H.264. Devices write `moov` at the front (fast start), so the first bytes tell all;
// when `moov` lies past what was read, `complete` is false and the codecs are unknown.

export interface Mp4Info {
  /** The major brand of `ftyp` ('isom', 'mp42'...). */
  brand: string;
  /** Sample entry types of the tracks ('avc1', 'mp4a'...), when moov was within the bytes. */
  codecs: string[];
  /** False when moov did not lie (whole) within the bytes read. */
  complete: boolean;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

interface Box {
  type: string;
  /** Start and end of the box's body (after its header). */
  start: number;
  end: number;
  /** The box ends past the bytes read. */
  cut: boolean;
}

const text = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The boxes between `from` and `to`; stops at a header that does not fit or makes no sense. */
function boxesOf(bytes: Uint8Array, view: DataView, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = text(bytes, at + 4, 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = Number.MAX_SAFE_INTEGER - at;
    if (size < header || !/^[\x20-\x7e]{4}$/.test(type)) break;
    const end = at + size;
    boxes.push({ type, start: at + header, end: Math.min(end, to), cut: end > to });
    if (end > to) break;
    at = end;
  }
  return boxes;
}

/** The MP4 facts of these first bytes of a file, or null when they are not an MP4. */
export function inspectMp4(bytes: Uint8Array): Mp4Info | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const top = boxesOf(bytes, view, 0, bytes.length);
  const ftyp = top[0];
  if (ftyp?.type !== 'ftyp' || ftyp.end - ftyp.start < 8) return null;
  const info: Mp4Info = { brand: text(bytes, ftyp.start, 4), codecs: [], complete: false };
  const moov = top.find((b) => b.type === 'moov');
  if (!moov || moov.cut) return info;
  info.complete = true;
  const inside = (box: Box, type: string) =>
    boxesOf(bytes, view, box.start, box.end).filter((b) => b.type === type);
  const mvhd = inside(moov, 'mvhd')[0];
  if (mvhd) {
    const v1 = bytes[mvhd.start] === 1;
    const scale = view.getUint32(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? Number(view.getBigUint64(mvhd.start + 24)) : view.getUint32(mvhd.start + 16);
    if (scale > 0) info.durationSeconds = duration / scale;
  }
  for (const trak of inside(moov, 'trak'))
    for (const mdia of inside(trak, 'mdia'))
      for (const minf of inside(mdia, 'minf'))
        for (const stbl of inside(minf, 'stbl'))
          for (const stsd of inside(stbl, 'stsd')) {
            // A full box (version, flags) and an entry count, then the sample entries.
            for (const entry of boxesOf(bytes, view, stsd.start + 8, stsd.end)) {
              info.codecs.push(entry.type);
              if ((entry.type === 'avc1' || entry.type === 'avc3') && entry.start + 28 <= entry.end) {
                info.width = view.getUint16(entry.start + 24);
                info.height = view.getUint16(entry.start + 26);
              }
            }
          }
  return info;
}

/** True for an MP4 whose first bytes show an H.264 video track. */
export function isH264Mp4(info: Mp4Info | null): boolean {
  return !!info?.codecs.some((codec) => codec === 'avc1' || codec === 'avc3');
}
