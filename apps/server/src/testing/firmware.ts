// A firmware file uploaded as the upload screen does it (start, PUT to the signed address, done),
// for the tests of rollouts.
import { expect } from 'vitest';
import { type Harness, PUBLIC_URL } from './harness.ts';

/** An image's bytes: any bytes do, devices check only the SHA-256. */
export const FIRMWARE_IMAGE = Buffer.from(`firmware image ${'x'.repeat(4000)}`);

/** Uploads `data` as `fileName` by the support account; answers the firmware. */
export async function uploadFirmware(
  h: Harness,
  fileName: string,
  data: Buffer = FIRMWARE_IMAGE,
  extra: Record<string, unknown> = {},
) {
  const start = await h.as('support').post('/firmwares', { file_name: fileName, ...extra });
  expect(start.status).toBe(201);
  const sent = await h.app.inject({
    method: 'PUT',
    url: start.body.data.upload.url.slice(PUBLIC_URL.length),
    headers: { 'content-type': start.body.data.upload.content_type },
    payload: data,
  });
  expect(sent.statusCode).toBe(200);
  const done = await h.as('support').post(`/firmwares/${start.body.data.firmware.id}/uploaded`);
  expect(done.status).toBe(200);
  return done.body.data as { id: string; sha256: string; version: number };
}
