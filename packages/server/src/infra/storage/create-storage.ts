import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

/** The driver chosen by the configuration: the local disk (default) or an S3-compatible bucket. */
export function createStorage(config: Config): Storage {
  const s = config.storage;
  if (s.driver === 's3') {
    return createS3Storage({ ...s.s3, tmpDir: path.join(config.dataDir, 'tmp', 'uploads') });
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
