// Real video for the clip tests, made by a real encoder (ffmpeg): FFMPEG_PATH, the binary shipped
// in the @ffmpeg-installer package when installed, or ffmpeg on the PATH. No encoder fails the
// test that asks for one (a test of video must not pass without video).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function ffmpegPath(): Promise<string> {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    return installer.path;
  } catch {
    return 'ffmpeg';
  }
}

/** A `seconds`-long 320×180 clip of a test pattern, MP4, in `codec` (libx264: H.264; mpeg4: not). */
export async function encodedClip(
  seconds: number,
  codec: 'libx264' | 'mpeg4' = 'libx264',
  /** The moov box before the media (+faststart), as a streaming upload has it; false: after. */
  faststart = true,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'fleetlens-video-'));
  const file = join(dir, 'clip.mp4');
  try {
    await run(await ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=320x180:rate=10:duration=${seconds}`,
      '-c:v',
      codec,
      '-pix_fmt',
      'yuv420p',
      ...(faststart ? ['-movflags', '+faststart'] : []),
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const h264Clip = (seconds: number) => encodedClip(seconds, 'libx264');
