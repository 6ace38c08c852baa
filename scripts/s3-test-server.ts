// An S3-compatible server for the storage and video tests (CI's .ci/run starts it; a developer
// can too): S3rver, an HTTP server that keeps buckets on disk and checks SigV4 signatures,
// presigned addresses included. Prints the settings to export, then serves until stopped.
//   node scripts/s3-test-server.ts [folder] [port]      (port 0: any free one)
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverOptions {
  directory: string;
  address: string;
  port: number;
  silent: boolean;
  configureBuckets: { name: string }[];
}
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

const BUCKET = 'fleetlens-test';
// S3rver's one account.
const KEY = 'S3RVER';

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (
  options: S3rverOptions,
) => S3rverInstance;
const directory = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'fleetlens-s3-'));
const server = new S3rver({
  directory,
  address: '127.0.0.1',
  port: Number(process.argv[3] ?? 0),
  silent: true,
  configureBuckets: [{ name: BUCKET }],
});
const { port } = await server.run();
console.log(
  [
    `S3_TEST_ENDPOINT=http://127.0.0.1:${port}`,
    `S3_TEST_BUCKET=${BUCKET}`,
    `S3_TEST_ACCESS_KEY_ID=${KEY}`,
    `S3_TEST_SECRET_ACCESS_KEY=${KEY}`,
  ].join('\n'),
);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
