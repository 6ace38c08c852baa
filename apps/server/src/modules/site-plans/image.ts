// A site plan's image as the server keeps it: decoded, and stored re-encoded, never as uploaded.
// Its first bytes only name the format (contracts sitePlanImageType); what follows may announce
// 100,000 × 100,000 pixels in a 2 MB file, be cut short, or carry another file after the picture
// (a polyglot: a PNG whose tail is a ZIP or a script). So: the size is read from the header and
// bounded before anything is decoded, the file must end where its own structure says the picture
// ends, and sharp (libvips) decodes the whole picture and writes a fresh one, without the
// upload's metadata. docs/decisions/2026-12-06-exports-and-inputs.md.
import {
  SITE_PLAN_IMAGE_MAX_PIXELS,
  SITE_PLAN_IMAGE_MAX_SIDE,
  type SITE_PLAN_IMAGE_TYPES,
  sitePlanImageType,
} from '@fleetlens/contracts';
import sharp, { type Sharp } from 'sharp';

// Uploads are rare and each image is read once: libvips' operation cache would only keep up to
// 50 MB of decoded pictures alive between them.
sharp.cache(false);

type ImageType = (typeof SITE_PLAN_IMAGE_TYPES)[number];
export type PlanImage = { imageType: ImageType; data: Buffer } | { key: string };

/** The PNG's length up to the end of its IEND chunk; undefined when a chunk runs past the data. */
function pngLength(data: Buffer): number | undefined {
  let at = 8;
  while (at + 12 <= data.length) {
    const end = at + 12 + data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IEND') return end;
    at = end;
  }
  return undefined;
}

/** The RIFF container's own length (its size field, padded to an even byte). */
function webpLength(data: Buffer): number | undefined {
  if (data.length < 12) return undefined;
  const size = data.readUInt32LE(4);
  return 8 + size + (size % 2);
}

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * The JPEG's length up to its end-of-image marker: segments are skipped by their lengths, and the
 * entropy-coded data after a start-of-scan runs to the next marker (a 0xFF there is stuffed as
 * FF 00, so FF D9 inside a thumbnail's segment or the scan never ends the walk early).
 */
function jpegLength(data: Buffer): number | undefined {
  let at = 2;
  while (at + 1 < data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (isRestart(marker) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (at + 4 > data.length) return undefined;
    at += 2 + data.readUInt16BE(at + 2);
    if (marker !== 0xda) continue;
    while (at + 1 < data.length) {
      const next = data[at + 1] ?? 0;
      if (data[at] === 0xff && next !== 0x00 && !isRestart(next)) break;
      at += 1;
    }
  }
  return undefined;
}

const LENGTH_OF: Record<ImageType, (data: Buffer) => number | undefined> = {
  'image/png': pngLength,
  'image/jpeg': jpegLength,
  'image/webp': webpLength,
};

/** Re-encoded in the upload's own format; photos at a quality that keeps a plan's lines sharp. */
function encode(image: Sharp, type: ImageType): Sharp {
  if (type === 'image/png') return image.png();
  if (type === 'image/jpeg') return image.jpeg({ quality: 90 });
  return image.webp({ quality: 90 });
}

/** The upload as a plan image to store, or the validation key that says why it is refused. */
export async function planImageOf(upload: Buffer): Promise<PlanImage> {
  const imageType = sitePlanImageType(upload);
  if (!imageType) return { key: 'sitePlanImage' };
  if (LENGTH_OF[imageType](upload) !== upload.length) return { key: 'sitePlanImageBroken' };
  const limits = { limitInputPixels: SITE_PLAN_IMAGE_MAX_PIXELS, failOn: 'warning' } as const;
  try {
    // The header alone: nothing is decoded before the size is known to be within bounds.
    const { width = 0, height = 0, pages = 1 } = await sharp(upload, { limitInputPixels: false }).metadata();
    if (width > SITE_PLAN_IMAGE_MAX_SIDE || height > SITE_PLAN_IMAGE_MAX_SIDE)
      return { key: 'sitePlanImageTooLarge' };
    if (width * height > SITE_PLAN_IMAGE_MAX_PIXELS) return { key: 'sitePlanImageTooLarge' };
    if (width === 0 || height === 0 || pages > 1) return { key: 'sitePlanImageBroken' };
    // autoOrient: the EXIF orientation goes with the rest of the metadata, so it is applied first.
    const data = await encode(sharp(upload, limits).autoOrient(), imageType).toBuffer();
    return { imageType, data };
  } catch {
    // libvips refuses what it cannot decode whole: a damaged or truncated picture.
    return { key: 'sitePlanImageBroken' };
  }
}
