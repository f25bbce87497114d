import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MSG } from '@factory/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { blobPath, receiveStream } from './files.js';

describe('receiving an upload', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-files-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('stores the bytes under their sha-256 and leaves no temp file', async () => {
    const dir = newDir();
    const blob = await receiveStream(dir, Readable.from([Buffer.from('hello '), Buffer.from('factory')]), {
      originName: '说明.txt',
      contentType: undefined,
      maxBytes: 1024,
    });
    expect(blob.size).toBe(13);
    expect(blob.contentType).toBe('text/plain; charset=utf-8');
    expect(fs.readFileSync(blobPath(dir, blob.sha256), 'utf8')).toBe('hello factory');
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('refuses a first chunk already over the limit with 413 and leaves nothing behind', async () => {
    const dir = newDir();
    const refused = receiveStream(dir, Readable.from([Buffer.alloc(64 * 1024, 1)]), {
      originName: 'big.bin',
      contentType: 'application/octet-stream',
      maxBytes: 1024,
    });
    await expect(refused).rejects.toEqual(new HttpError(413, MSG.fileTooLarge));
    // the temp file's open may still be under way when the refusal comes: give it time to land
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('refuses an empty upload with 400', async () => {
    const dir = newDir();
    const refused = receiveStream(dir, Readable.from([]), { originName: 'a.pdf', contentType: undefined, maxBytes: 1024 });
    await expect(refused).rejects.toEqual(new HttpError(400, MSG.fileRequired));
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
  });
});
