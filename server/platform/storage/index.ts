/** Media storage: one interface, DATA_DIR files by default, an S3-compatible bucket when S3_BUCKET is set. */
import type { StorageConfig } from '@server/config';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export { DiskStorage } from './disk-storage';
export { S3Storage } from './s3-storage';
export { localCopy } from './local-copy';
export type { ByteRange, ObjectInfo, Storage, StorageKind } from './storage';
export { contentTypeOf } from './content-types';

/** The storage the configuration names; `dataDir` holds the files of the disk storage. */
export function createStorage(config: StorageConfig, dataDir: string): Storage {
  return config.kind === 's3' ? new S3Storage(config) : new DiskStorage(dataDir);
}
