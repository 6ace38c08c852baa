// A check's photo as the server keeps it: decoded and written again as a JPEG of at most
// CHECK_PHOTO_SIDE pixels a side, turned upright by its EXIF orientation and without the upload's
// metadata (a phone's picture carries where it was taken and with which phone). Only a picture
// sharp (libvips) decodes whole is kept; what it cannot read is refused.
import { CHECK_PHOTO_SIDE } from '@fleetlens/contracts';
import sharp from 'sharp';

/** A phone's largest picture is about 50 megapixels; more is no photo but a decompression bomb. */
const MAX_INPUT_PIXELS = 80_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export async function photoOf(data: Buffer): Promise<Buffer | undefined> {
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !FORMATS.has(format)) return undefined;
    return await image
      .rotate()
      .resize({ width: CHECK_PHOTO_SIDE, height: CHECK_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return undefined;
  }
}
