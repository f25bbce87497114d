import fs from 'node:fs';
import path from 'node:path';

/**
 * A tiny but valid PDF (one page showing `text`), with a correct cross-reference
 * table, so viewers and `file` recognise it.
 */
export function tinyPdf(text = 'Hello factory'): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface FilePart {
  field: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/**
 * A multipart/form-data body as a browser builds it (UTF-8 file names written raw
 * in the part header), serialised by the platform's own FormData.
 */
export async function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.contentType ?? 'application/octet-stream' }), file.filename);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** Every file under `dir` (relative paths), for "nothing left on disk" checks. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Distinct content of `size` bytes (so uploads in one test file never share a blob by accident). */
export function uniqueBytes(size: number, label = Math.random().toString(36)): Buffer {
  const buffer = Buffer.alloc(size, 0x20);
  buffer.write(label.slice(0, size));
  return buffer;
}

/** Bytes that begin as a PNG does (the signature and an IHDR chunk header), then `label`. */
export function pngBytes(label: string): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  return Buffer.concat([signature, Buffer.from(`IHDR${label}`, 'latin1')]);
}
