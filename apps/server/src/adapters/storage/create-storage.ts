import type { Config } from '../../config';
import { parseS3Url, s3Storage } from './s3-storage';
import { localStorage, type Storage } from './storage';

/** The bucket of STORAGE_URL when set, else local files under DATA_DIR/files. */
export function createStorage(config: Pick<Config, 'STORAGE_URL' | 'DATA_DIR'>): Storage {
  return config.STORAGE_URL
    ? s3Storage(parseS3Url(config.STORAGE_URL))
    : localStorage(`${config.DATA_DIR}/files`);
}
