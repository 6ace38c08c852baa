// Site plans: the demo customer has the simulated yard's; a manager sets GeoJSON or a placed
// image; bad files get a translated error and change nothing; another company's plan is out of
// reach; a user without the location edit privilege is refused.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../platform/i18n.ts';
import { squarePlan } from '../../testing/bodies.ts';
import { SAMPLE_PDF, SAMPLE_PNG } from '../../testing/files.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let harbor = '';
let north = '';
let other = '';

const square = (name: string) => squarePlan({ kind: 'building', name });
const geojsonFile = (value: unknown) => ({ name: 'plan.geojson', data: Buffer.from(JSON.stringify(value)) });
const CORNERS = JSON.stringify([
  [139.77, 35.62],
  [139.78, 35.62],
  [139.78, 35.61],
  [139.77, 35.61],
]);

beforeAll(async () => {
  h = await startHarness();
  harbor = await h.companyId('harbor');
  north = await h.companyId('harbor-north');
  other = await h.addCompany('otherplan', 'Other Plan Co');
});
afterAll(async () => h?.close());

/** `who` sets `customer`'s plan from a GeoJSON file. */
const putGeojson = (who: string, customer: string, file: { name: string; data: Buffer }, lang = 'en') =>
  h.as(who, { lang }).upload(`/site-plans/${customer}`, { kind: 'geojson' }, file, 'PUT');
/** The manager sets harbor's plan from an image placed by its corners. */
const putImage = (data: Buffer, corners = CORNERS, lang = 'en') =>
  h
    .as('manager', { lang })
    .upload(`/site-plans/${harbor}`, { kind: 'image', corners }, { name: 'plan.png', data }, 'PUT');

/** A PNG of `width` × `height` whose header is true and whose pixels are `idat` (a little, by default). */
function pngOf(width: number, height: number, idat = deflateSync(Buffer.alloc(64))): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8);
    frame.writeUInt32BE(data.length, 0);
    frame.writeUInt32BE(crc32(body) >>> 0, 4);
    return Buffer.concat([frame.subarray(0, 4), body, frame.subarray(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const planOf = async (who: string, customer: string) =>
  ((await h.as(who).get(`/site-plans?customer_id=${customer}`)).body.data.list as { geojson: unknown }[])[0];

describe('site plans', () => {
  it('gives the demo customer the simulated yard, with its warehouse, docks and aisles', async () => {
    const answer = await h.as('manager').get('/site-plans');
    expect(answer.status).toBe(200);
    const plan = answer.body.data.list.find((p: { customer_id: string }) => p.customer_id === harbor);
    const kinds = new Set(
      plan.geojson.features.map((f: { properties: { kind: string } }) => f.properties.kind),
    );
    expect([...kinds]).toEqual(expect.arrayContaining(['yard', 'building', 'dock', 'aisle']));
  });

  it('sets a GeoJSON plan, and refuses a bad one with a translated error, keeping the old', async () => {
    const set = await putGeojson('manager', north, geojsonFile(square('Shed N')));
    expect(set.status).toBe(200);
    expect(set.body.data.kind).toBe('geojson');

    const notJson = await putGeojson(
      'manager',
      north,
      { name: 'plan.geojson', data: Buffer.from('{nope') },
      'ja',
    );
    expect(notJson.status).toBe(400);
    expect(notJson.fields.file).toContain('JSON');
    const outOfRange = square('Far');
    outOfRange.features[0]?.geometry.coordinates[0]?.push([500, 35]);
    const bad = await putGeojson('manager', north, geojsonFile(outOfRange));
    expect(bad.status).toBe(400);
    expect(bad.fields.file).toMatch(/GeoJSON FeatureCollection/);
    expect(JSON.stringify(await planOf('manager', north))).toContain('Shed N');
  });

  it('sets an image by its corners; refuses a non-image, missing corners and a file too large', async () => {
    const bad = await putImage(SAMPLE_PDF);
    expect(bad.status).toBe(400);
    expect(bad.fields.file).toMatch(/PNG, JPEG or WebP/);
    const noCorners = await putImage(SAMPLE_PNG, '[[1,2]]');
    expect(noCorners.status).toBe(400);
    expect(noCorners.fields.corners).toMatch(/four corners/);
    const huge = Buffer.concat([SAMPLE_PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await putImage(huge);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.fields.file).toMatch(/2 MB/);
    // Still the demo yard.
    expect(JSON.stringify(await planOf('manager', harbor))).toContain('Warehouse 1');

    const set = await putImage(SAMPLE_PNG);
    expect(set.status).toBe(200);
    expect(set.body.data.image.url).toMatch(/^data:image\/png;base64,/);
    expect(set.body.data.image.corners[1]).toEqual([139.78, 35.62]);
    expect((await h.as('manager').delete(`/site-plans/${harbor}`)).status).toBe(200);
    expect(await planOf('manager', harbor)).toBeUndefined();
  });

  it('stores the image decoded and re-encoded; refuses absurd sizes, polyglots and cut pictures', async () => {
    const picture = (format: 'png' | 'jpeg' | 'webp') =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
        .withExif({ IFD0: { ImageDescription: 'from the uploader' } })
        [format]()
        .toBuffer();
    const png = await picture('png');
    const jpeg = await picture('jpeg');
    const refusals: [string, Buffer, string][] = [
      ['a 100,000 × 100,000 header', pngOf(100_000, 100_000), 'sitePlanImageTooLarge'],
      ['16,385 px wide', pngOf(16_385, 1), 'sitePlanImageTooLarge'],
      ['over 40 megapixels', pngOf(8000, 6000), 'sitePlanImageTooLarge'],
      [
        'a PNG with a ZIP after it',
        Buffer.concat([png, Buffer.from('PK\x03\x04<script>')]),
        'sitePlanImageBroken',
      ],
      [
        'a JPEG with more after it',
        Buffer.concat([jpeg, Buffer.from('<?php echo 1;')]),
        'sitePlanImageBroken',
      ],
      ['a cut PNG', png.subarray(0, png.length - 20), 'sitePlanImageBroken'],
      ['a cut JPEG', jpeg.subarray(0, jpeg.length - 30), 'sitePlanImageBroken'],
      ['a PNG of broken pixels', pngOf(64, 48, Buffer.from('not deflate data')), 'sitePlanImageBroken'],
    ];
    for (const [what, data, key] of refusals)
      for (const lang of ['en', 'ja'] as const) {
        const refused = await putImage(data, CORNERS, lang);
        expect(refused.status, what).toBe(400);
        expect(refused.fields.file, what).toBe(translate(lang, 'validation', key));
      }
    expect(((await planOf('manager', harbor)) as { kind?: string } | undefined)?.kind).not.toBe('image');
    for (const [format, data] of [
      ['png', png],
      ['jpeg', jpeg],
      ['webp', await picture('webp')],
    ] as const) {
      const set = await putImage(data);
      expect(set.status).toBe(200);
      const [head, base64 = ''] = String(set.body.data.image.url).split(',');
      expect(head).toBe(`data:image/${format};base64`);
      const stored = Buffer.from(base64, 'base64');
      expect(stored.equals(data)).toBe(false);
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([format, 64, 48, undefined]);
    }
  });

  it("keeps another company's plan out of reach, and refuses a user without the privilege", async () => {
    await putGeojson('admin', other, geojsonFile(square('Secret shed')));
    expect(JSON.stringify((await h.as('manager').get('/site-plans')).body)).not.toContain('Secret shed');
    expect((await h.as('manager').get(`/site-plans?customer_id=${other}`)).body.data.list).toEqual([]);
    const taken = await putGeojson('manager', other, geojsonFile(square('Taken')));
    expect(taken.status).toBe(404);
    expect((await h.as('manager').delete(`/site-plans/${other}`)).status).toBe(404);
    // The operator (a customer user without location:edit) may not set one.
    const refused = await putGeojson('operator', north, geojsonFile(square('Op')));
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await planOf('admin', other))).toContain('Secret shed');
  });
});
