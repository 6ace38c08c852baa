// The S3-compatible server the storage and video tests use, from the environment .ci/run sets
// (S3_TEST_ENDPOINT, S3_TEST_BUCKET, S3_TEST_ACCESS_KEY_ID, S3_TEST_SECRET_ACCESS_KEY), or
// undefined when none is named.
import type { S3Settings } from './storage.s3.ts';

export function s3TestSettings(env: NodeJS.ProcessEnv = process.env): S3Settings | undefined {
  if (!env.S3_TEST_ENDPOINT) return undefined;
  return {
    endpoint: env.S3_TEST_ENDPOINT,
    bucket: env.S3_TEST_BUCKET ?? 'fleetlens-test',
    region: env.S3_TEST_REGION ?? 'us-east-1',
    accessKeyId: env.S3_TEST_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_TEST_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: true,
    prefix: 'test',
  };
}
