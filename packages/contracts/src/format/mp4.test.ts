import { describe, expect, it } from 'vitest';
import { inspectMp4, isH264Mp4 } from './mp4.ts';

/** An ISO BMFF box: 32-bit size, type, body. */
function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((n, b) => n + b.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const b of body) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
const bytes = (...values: number[]) => new Uint8Array(values);
const u32 = (n: number) => bytes(n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);

/** A visual sample entry of 640x360 (78 bytes of fields before its own boxes). */
const avc1 = box(
  'avc1',
  new Uint8Array(24),
  bytes(2, 128, 1, 104),
  new Uint8Array(50),
  box('avcC', bytes(1)),
);
const mvhd = box('mvhd', bytes(0, 0, 0, 0), u32(0), u32(0), u32(1000), u32(20_500), new Uint8Array(80));
const stsd = box('stsd', bytes(0, 0, 0, 0), u32(1), avc1);
const moov = box('moov', mvhd, box('trak', box('mdia', box('minf', box('stbl', stsd)))));
const ftyp = box('ftyp', new TextEncoder().encode('isom'), u32(512), new TextEncoder().encode('isomavc1'));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('reading an MP4 from its first bytes', () => {
  it('finds the brand, the H.264 track, its size and the duration when moov is at the front', () => {
    const file = concat(ftyp, moov, box('mdat', new Uint8Array(100)));
    const info = inspectMp4(file.subarray(0, ftyp.length + moov.length + 20));
    expect(info).toEqual({
      brand: 'isom',
      codecs: ['avc1'],
      complete: true,
      width: 640,
      height: 360,
      durationSeconds: 20.5,
    });
    expect(isH264Mp4(info)).toBe(true);
  });

  it('says when moov lies past the bytes read, and is no H.264 then', () => {
    const file = concat(ftyp, box('mdat', new Uint8Array(100)), moov);
    const info = inspectMp4(file.subarray(0, 64));
    expect(info).toEqual({ brand: 'isom', codecs: [], complete: false });
    expect(isH264Mp4(info)).toBe(false);
  });

  it('is null for what is not an MP4', () => {
    expect(inspectMp4(new TextEncoder().encode('<html><body>not a video</body></html>'))).toBeNull();
    expect(inspectMp4(new Uint8Array(0))).toBeNull();
    expect(inspectMp4(concat(box('free', bytes(1)), ftyp))).toBeNull();
    expect(isH264Mp4(null)).toBe(false);
    // A header that claims more than the box can hold ends the walk, without throwing.
    expect(inspectMp4(concat(ftyp, bytes(0, 0, 0, 3, 109, 111, 111, 118)))?.complete).toBe(false);
  });
});
