import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MSG } from '@factory/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { blobPath, contentMatchesType, receiveStream } from './files.js';

describe('receiving an upload', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-files-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('hashes the bytes into a temp file of its own, putting nothing in place before they are recorded', async () => {
    const dir = newDir();
    const blob = await receiveStream(dir, Readable.from([Buffer.from('hello '), Buffer.from('factory')]), {
      originName: '说明.txt',
      contentType: undefined,
      maxBytes: 1024,
    });
    expect(blob.size).toBe(13);
    expect(blob.contentType).toBe('text/plain; charset=utf-8');
    expect(blob.sha256).toBe(createHash('sha256').update('hello factory').digest('hex'));
    expect(blob.blobFile).toBe(blobPath(dir, blob.sha256));
    expect(fs.readFileSync(blob.tempFile, 'utf8')).toBe('hello factory');
    expect(path.dirname(blob.tempFile)).toBe(path.join(dir, 'tmp'));
    // A refused request deletes only this file: the shared blob is not its to touch.
    expect(fs.existsSync(blob.blobFile)).toBe(false);
  });

  it('refuses bytes that are not what the name says (an .exe renamed .pdf) with 400, leaving nothing', async () => {
    const dir = newDir();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    for (const [originName, contentType] of [
      ['说明书.pdf', 'application/pdf'],
      ['photo.PNG', 'image/png'],
      ['photo.jpg', 'image/jpeg'],
      // no extension: the sent type is what it would be served as
      ['manual', 'application/pdf'],
    ] as const) {
      const refused = receiveStream(dir, Readable.from([exe]), { originName, contentType, maxBytes: 1024 });
      await expect(refused, originName).rejects.toEqual(new HttpError(400, MSG.fileContentMismatch));
    }
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    // the signature may arrive over several chunks
    const pdf = await receiveStream(dir, Readable.from([Buffer.from('%P'), Buffer.from('DF-1.7\n')]), {
      originName: 'ok.pdf',
      contentType: undefined,
      maxBytes: 1024,
    });
    expect(pdf.contentType).toBe('application/pdf');
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

describe('what content may be labelled', () => {
  const bytes = (...values: (number | string)[]) =>
    Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))));

  it.each([
    ['application/pdf', bytes('%PDF-1.4\n')],
    ['image/png', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 13)],
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16)],
    ['image/gif', bytes('GIF89a', 1, 0)],
    ['image/webp', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ')],
    ['image/bmp', bytes('BM', 0x36, 0)],
  ])('takes %s that begins like one, and nothing else under its name', (contentType, head) => {
    expect(contentMatchesType(contentType, head)).toBe(true);
    expect(contentMatchesType(contentType, bytes('MZ', 0x90, 0, 3, 0, 0, 0, 4, 0))).toBe(false);
    expect(contentMatchesType(contentType, bytes())).toBe(false);
  });

  it('has no opinion on types without a signature', () => {
    for (const contentType of ['text/plain; charset=utf-8', 'image/svg+xml', 'application/octet-stream', 'application/zip']) {
      expect(contentMatchesType(contentType, bytes('MZ'))).toBe(true);
    }
  });
});
