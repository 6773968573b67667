/** A real S3-protocol server (s3rver, backed by a temporary folder) for storage tests; no network beyond loopback. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { createS3ImageStorage, type S3StorageConfig } from '../../server/storage/s3-image-storage';

export async function startS3Server(bucket = 'challenge-images') {
  const directory = await mkdtemp(path.join(tmpdir(), 'gg-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  const config: S3StorageConfig = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'images/',
  };
  return {
    config,
    storage: createS3ImageStorage(config),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** What points a server process at an S3 server (IMAGE_STORAGE=s3): the variables server/env.ts reads. */
export function s3StorageEnv(
  config: Pick<S3StorageConfig, 'bucket' | 'endpoint' | 'accessKeyId' | 'secretAccessKey'>,
): Record<string, string> {
  const { bucket, endpoint, accessKeyId, secretAccessKey } = config;
  if (!endpoint || !accessKeyId || !secretAccessKey) throw new Error('s3StorageEnv: the S3 server needs an endpoint and keys');
  return {
    IMAGE_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
