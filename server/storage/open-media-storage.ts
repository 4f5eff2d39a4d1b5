import type { MediaConfig } from '../media-storage-config';
import { localMediaStorage } from './local-storage';
import type { MediaStorage } from './media-storage';
import { s3MediaStorage } from './s3-storage';

/** The configured media storage (server/config.ts validated it). */
export function openMediaStorage(config: MediaConfig): MediaStorage {
  return config.driver === 's3' ? s3MediaStorage(config) : localMediaStorage(config.root);
}
