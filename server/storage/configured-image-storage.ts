/** The image storage this deployment configured (IMAGE_STORAGE, README: configuration). */
import path from 'node:path';
import type { Env } from '../env';
import { createLocalImageStorage, type ImageStorage } from './image-storage';
import { createS3ImageStorage } from './s3-image-storage';

export function s3ConfigFrom(env: Env) {
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  };
}

export function imageStorageFrom(env: Env): ImageStorage {
  return env.IMAGE_STORAGE === 's3' ? createS3ImageStorage(s3ConfigFrom(env)) : createLocalImageStorage(path.join(env.dataDir, 'images'));
}
