// Site plans: the demo customer has the simulated yard's; a manager sets GeoJSON or a placed
// image; bad files get a translated error and change nothing; another company's plan is out of
// reach; a user without the location edit privilege is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PDF, SAMPLE_PNG } from '../../testing/files.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let harbor = '';
let north = '';
let other = '';

const square = (name: string) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [139.77, 35.61],
            [139.771, 35.61],
            [139.771, 35.611],
            [139.77, 35.61],
          ],
        ],
      },
      properties: { kind: 'building', name },
    },
  ],
});
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
    const set = await h
      .as('manager')
      .upload(`/site-plans/${north}`, { kind: 'geojson' }, geojsonFile(square('Shed N')), 'PUT');
    expect(set.status).toBe(200);
    expect(set.body.data.kind).toBe('geojson');

    const notJson = await h
      .as('manager', { lang: 'ja' })
      .upload(
        `/site-plans/${north}`,
        { kind: 'geojson' },
        { name: 'plan.geojson', data: Buffer.from('{nope') },
        'PUT',
      );
    expect(notJson.status).toBe(400);
    expect(notJson.fields.file).toContain('JSON');
    const outOfRange = square('Far');
    outOfRange.features[0]?.geometry.coordinates[0]?.push([500, 35]);
    const bad = await h
      .as('manager')
      .upload(`/site-plans/${north}`, { kind: 'geojson' }, geojsonFile(outOfRange), 'PUT');
    expect(bad.status).toBe(400);
    expect(bad.fields.file).toMatch(/GeoJSON FeatureCollection/);
    expect(JSON.stringify(await planOf('manager', north))).toContain('Shed N');
  });

  it('sets an image by its corners; refuses a non-image, missing corners and a file too large', async () => {
    const bad = await h
      .as('manager')
      .upload(
        `/site-plans/${harbor}`,
        { kind: 'image', corners: CORNERS },
        { name: 'plan.png', data: SAMPLE_PDF },
        'PUT',
      );
    expect(bad.status).toBe(400);
    expect(bad.fields.file).toMatch(/PNG, JPEG or WebP/);
    const noCorners = await h
      .as('manager')
      .upload(
        `/site-plans/${harbor}`,
        { kind: 'image', corners: '[[1,2]]' },
        { name: 'plan.png', data: SAMPLE_PNG },
        'PUT',
      );
    expect(noCorners.status).toBe(400);
    expect(noCorners.fields.corners).toMatch(/four corners/);
    const huge = Buffer.concat([SAMPLE_PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await h
      .as('manager')
      .upload(
        `/site-plans/${harbor}`,
        { kind: 'image', corners: CORNERS },
        { name: 'plan.png', data: huge },
        'PUT',
      );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.fields.file).toMatch(/2 MB/);
    // Still the demo yard.
    expect(JSON.stringify(await planOf('manager', harbor))).toContain('Warehouse 1');

    const set = await h
      .as('manager')
      .upload(
        `/site-plans/${harbor}`,
        { kind: 'image', corners: CORNERS },
        { name: 'plan.png', data: SAMPLE_PNG },
        'PUT',
      );
    expect(set.status).toBe(200);
    expect(set.body.data.image.url).toMatch(/^data:image\/png;base64,/);
    expect(set.body.data.image.corners[1]).toEqual([139.78, 35.62]);
    expect((await h.as('manager').delete(`/site-plans/${harbor}`)).status).toBe(200);
    expect(await planOf('manager', harbor)).toBeUndefined();
  });

  it("keeps another company's plan out of reach, and refuses a user without the privilege", async () => {
    await h
      .as('admin')
      .upload(`/site-plans/${other}`, { kind: 'geojson' }, geojsonFile(square('Secret shed')), 'PUT');
    expect(JSON.stringify((await h.as('manager').get('/site-plans')).body)).not.toContain('Secret shed');
    expect((await h.as('manager').get(`/site-plans?customer_id=${other}`)).body.data.list).toEqual([]);
    const taken = await h
      .as('manager')
      .upload(`/site-plans/${other}`, { kind: 'geojson' }, geojsonFile(square('Taken')), 'PUT');
    expect(taken.status).toBe(404);
    expect((await h.as('manager').delete(`/site-plans/${other}`)).status).toBe(404);
    // The operator (a customer user without location:edit) may not set one.
    const refused = await h
      .as('operator')
      .upload(`/site-plans/${north}`, { kind: 'geojson' }, geojsonFile(square('Op')), 'PUT');
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await planOf('admin', other))).toContain('Secret shed');
  });
});
