import type { Readable } from 'node:stream';

/** Which engine holds the media: files under DATA_DIR (one machine) or an S3-compatible bucket (any number of instances). */
export type StorageKind = 'disk' | 's3';

/** What serving needs to know about a stored object before sending it. */
export interface ObjectInfo {
  size: number;
  lastModified: Date;
  /** A strong entity tag, quoted (`"…"`): changes whenever the bytes could. */
  etag: string;
}

/** Bytes `start` to `end`, both included (HTTP's byte ranges). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media lives, by key: a relative path such as `uploads/<name>`, `live/<session>/seg_3.ts`,
 * `recordings/<id>/<id>.mp4` or `mobile-apps/<appId>/<version>/icon-192.png`. Keys are written once and never
 * rewritten in place (live playlists aside, which are read, never stat'ed for validators), so an object's
 * validators identify its bytes. An object's type follows its key's extension (content-types.ts).
 */
export interface Storage {
  readonly kind: StorageKind;
  /**
   * Streams `body` to `key`, never holding more than a part of it in memory. The object appears whole or not at
   * all: when `body` fails (a refused upload: wrong type, too large, a client gone), what was written is removed
   * and the body's own error is thrown.
   */
  write(key: string, body: Readable): Promise<{ size: number }>;
  /** Writes a small object from memory (whole or not at all). */
  put(key: string, body: Buffer | string): Promise<void>;
  /** Takes a finished local file (a recording ffmpeg wrote) into the storage; the local file is gone afterwards. */
  moveIn(localPath: string, key: string): Promise<{ size: number }>;
  /** A second object with the same bytes (deleting one leaves the other). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Size and validators, or null when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** The bytes (or one range of them, already checked against the size), or null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** A small object's bytes (an image to look at, a playlist), or null when there is no such object. */
  readBuffer(key: string): Promise<Buffer | null>;
  /** Removes objects; keys that are not there are fine. */
  delete(keys: string | readonly string[]): Promise<void>;
  /** Removes everything under a folder (`prefix` ends with `/`). */
  deleteFolder(prefix: string): Promise<void>;
  /** Every key under a folder (`prefix` ends with `/`), at any depth. */
  list(prefix: string): Promise<string[]>;
  /** The file holding a key's bytes on this machine (disk), or null (bucket): for tools that need a path (ffprobe, music-metadata). */
  localPath(key: string): string | null;
  /** Where a CDN in front of the bucket serves the key (MEDIA_PUBLIC_URL), or null: only ever used for public media. */
  publicUrl(key: string): string | null;
  /** Resolves when the engine answers (S3: HeadBucket); for readiness probes. */
  ping(): Promise<void>;
  /** Releases connections (the app closes it last, after live recordings were moved in). */
  close(): void;
}

/** Folder prefixes end with a slash; keys are relative, without `..`, empty or absolute parts. */
export function assertKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}

export function assertFolder(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`Not a storage folder: ${JSON.stringify(prefix)}`);
  assertKey(prefix.slice(0, -1));
}
