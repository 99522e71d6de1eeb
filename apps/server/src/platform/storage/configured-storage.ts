import path from 'node:path';
import type { Config } from '../../config.ts';
import { createDiskStorage, type MediaStorage } from './media-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** The media storage the configuration names: an S3-compatible bucket, or the disk under DATA_DIR. */
export function createConfiguredStorage(config: Config): MediaStorage {
  if (!config.S3_BUCKET) return createDiskStorage(path.join(config.DATA_DIR, 'media'));
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
