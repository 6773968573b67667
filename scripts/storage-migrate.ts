/**
 * Copies every challenge image from local disk (DATA_DIR/images) to the S3 bucket configured by the S3_* variables,
 * then reads each one back and compares its sha256:  npm run storage:migrate
 * Opens no database (image keys are the same on disk and in the bucket), so it may run while the server is up.
 * Afterwards set IMAGE_STORAGE=s3 and restart. Exits non-zero if any image could not be copied and verified.
 */
import path from 'node:path';
import { EnvError, loadEnv } from '../server/env';
import { migrateImagesToS3 } from '../server/storage/storage-migrate';
import { s3ConfigFrom } from '../server/storage/configured-image-storage';
import { createS3ImageStorage } from '../server/storage/s3-image-storage';

async function main() {
  const env = loadEnv();
  if (!env.S3_BUCKET) throw new EnvError('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials as needed) to the bucket to copy into.');
  const target = createS3ImageStorage(s3ConfigFrom(env));
  const result = await migrateImagesToS3(path.join(env.dataDir, 'images'), target, (done, total) => {
    if (done % 100 === 0 || done === total) console.log(`${done}/${total} images copied and verified`);
  });
  console.log(`Copied and verified ${result.verified} of ${result.total} images.`);
  for (const failure of result.failures) console.error(`  ${failure}`);
  if (result.failures.length > 0) process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
