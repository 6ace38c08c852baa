// Site plans: the demo customer has the simulated yard's; a manager sets GeoJSON or a placed
// image; bad files get a translated error and change nothing; another company's plan is out of
// reach; a user without the location edit privilege is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const putImage = (data: Buffer, corners = CORNERS) =>
  h
    .as('manager')
    .upload(`/site-plans/${harbor}`, { kind: 'image', corners }, { name: 'plan.png', data }, 'PUT');
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
