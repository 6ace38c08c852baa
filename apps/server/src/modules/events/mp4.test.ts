// The upload check on real files from a real encoder: H.264 in MP4 passes whether its moov comes
// before or after the media; MPEG-4 Part 2 video, a text file and a cut-off file do not.
import { describe, expect, it } from 'vitest';
import { encodedClip } from '../../testing/video.ts';
import { checkMp4, readFromBuffer } from './mp4.ts';

const inspect = (file: Buffer) => checkMp4(readFromBuffer(file), file.length);

describe('the MP4 check', () => {
  it('passes H.264 with its moov first or last', async () => {
    expect(await inspect(await encodedClip(2, 'libx264', true))).toEqual({ ok: true, codecs: ['avc1'] });
    expect(await inspect(await encodedClip(2, 'libx264', false))).toEqual({ ok: true, codecs: ['avc1'] });
  }, 30_000);

  it('refuses other video, what is not MP4, and a file cut off', async () => {
    expect(await inspect(await encodedClip(2, 'mpeg4'))).toEqual({
      ok: false,
      reason: 'not H.264 video (mp4v)',
    });
    const text = Buffer.from('<html><body>not a video</body></html>'.repeat(10));
    expect(await inspect(text)).toEqual({ ok: false, reason: 'not an MP4 file (no ftyp box first)' });
    const whole = await encodedClip(2, 'libx264', false);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect((await inspect(cut)).ok).toBe(false);
  }, 30_000);
});
