import { constants } from 'node:fs';
import { access, copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileValidators } from '@server/lib/http-caching';
import { newId } from '@server/lib/ids';
import { assertFolder, assertKey, type ByteRange, type ObjectInfo, type Storage } from './storage';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Media as files under DATA_DIR, a key being the path below it: `uploads/<name>` is DATA_DIR/uploads/<name>, as it
 * always was. Writes go to a temporary name beside the target and are renamed into place, so a file is whole or
 * absent.
 */
export class DiskStorage implements Storage {
  readonly kind = 'disk' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, ...key.split('/'));
  }

  localPath(key: string): string {
    return this.path(key);
  }

  publicUrl(): null {
    return null;
  }

  async write(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.incoming-${newId()}`);
    // Opened before anything flows: a stream that opens its file by itself may create it after a failure removed it.
    const sink = (await open(temporary, 'wx')).createWriteStream();
    try {
      await pipeline(body, sink);
      await rename(temporary, target);
      return { size: sink.bytesWritten };
    } catch (error) {
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async put(key: string, body: Buffer | string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = join(dirname(target), `.incoming-${newId()}`);
    try {
      await writeFile(temporary, body, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async moveIn(localPath: string, key: string): Promise<{ size: number }> {
    const target = this.path(key);
    if (localPath !== target) {
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(localPath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(localPath, target);
        await rm(localPath, { force: true });
      }
    }
    return { size: (await stat(target)).size };
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = this.path(fromKey);
    const target = this.path(toKey);
    await mkdir(dirname(target), { recursive: true });
    // A second name for the same bytes where the file system allows it; a copy otherwise.
    await link(source, target).catch(() => copyFile(source, target, constants.COPYFILE_EXCL));
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(this.path(key));
      if (!info.isFile()) return null;
      const { etag, lastModified } = fileValidators(info);
      return { size: info.size, lastModified, etag };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    let handle;
    try {
      handle = await open(this.path(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async readBuffer(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  async delete(keys: string | readonly string[]): Promise<void> {
    await Promise.all((typeof keys === 'string' ? [keys] : keys).map((key) => rm(this.path(key), { force: true })));
  }

  async deleteFolder(prefix: string): Promise<void> {
    assertFolder(prefix);
    await rm(join(this.root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    assertFolder(prefix);
    const folder = join(this.root, ...prefix.slice(0, -1).split('/'));
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  close(): void {}
}
