/**
 * Challenge images in an S3-compatible object store (AWS S3, MinIO, R2, …). Keys are the same random ids as on disk,
 * under an optional prefix; every object carries a one-year immutable Cache-Control. The app serves them through
 * /api/images/:key as it does disk images, so players never see the bucket.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isImageKey, type ImageStorage } from './image-storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted stores need path-style URLs (http://host/bucket/key). */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. 'images/'. */
  prefix: string;
}

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const contentTypes: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

export function createS3ImageStorage(config: S3StorageConfig): ImageStorage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const objectKey = (key: string) => `${config.prefix}${key}`;
  return {
    client,
    async put(key, bytes, contentType) {
      if (!isImageKey(key)) throw new Error('invalid image key');
      if (contentTypes[key.split('.').pop()!] !== contentType) throw new Error(`key ${key} does not match ${contentType}`);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMAGE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      if (!isImageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        return { bytes, contentType: contentTypes[key.split('.').pop()!] };
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error as { name?: string }).name === 'NoSuchKey' ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isImageKey(key)) throw new Error('invalid image key');
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
