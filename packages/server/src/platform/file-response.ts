/**
 * The small parts of HTTP that serving a stored file needs: validators and byte
 * ranges (PDF viewers fetch large files in ranges).
 */

export function entityTag(sha256: string): string {
  return `"${sha256}"`;
}

/** If-None-Match holds the tag (weak comparison, as RFC 9110 asks for this header) or `*`. */
export function matchesNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((value) => value.trim())
    .some((value) => value === '*' || value === tag || value === `W/${tag}`);
}

export interface ByteRange {
  start: number;
  /** inclusive */
  end: number;
}

/**
 * One range of a `Range: bytes=…` header against a file of `size` bytes:
 * a range to send, 'unsatisfiable' (416), or null to send the whole file
 * (no header, another unit, several ranges or a malformed one: all may be
 * ignored by a server).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  let start: number;
  let end: number;
  if (first === '') {
    // the last N bytes
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== '' && Number(last) < start) return null;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
