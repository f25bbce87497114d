import { deflateSync } from 'node:zlib';

// Files the demo factory attaches, made here so the demo needs nothing on disk:
// work-instruction PDFs, the pictures of parts, DTUs and modules (real PNGs the
// console's image checks accept), and a DTU's BOM list, production file and firmware.

/** A PDF of one page: enough for the station app's work-instruction viewer and a download link. */
export function onePagePdf(title: string): Blob {
  const text = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 60>>stream\nBT /F1 24 Tf 72 760 Td (${title.replace(/[^\x20-\x7e]/g, '')}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return new Blob([text], { type: 'application/pdf' });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

type Rgb = readonly [number, number, number];

/** What a device picture shows: its body's colour, its label's, and a row of LEDs. */
export interface DevicePicture {
  background: Rgb;
  body: Rgb;
  label: Rgb;
  leds: readonly Rgb[];
  /** the back: screw holes and a sticker instead of LEDs */
  back?: boolean;
}

/**
 * A square PNG (1:1, as the catalogue suggests) of a device seen from the front or
 * the back: a rounded body with a label and LEDs, a few kilobytes, well under 500 KB.
 */
export function devicePng(picture: DevicePicture, size = 160): Blob {
  const rows: Buffer[] = [];
  const inBody = (x: number, y: number) => {
    const margin = size * 0.14;
    const radius = size * 0.1;
    const left = margin;
    const right = size - margin;
    const top = margin * 1.4;
    const bottom = size - margin * 1.4;
    if (x < left || x > right || y < top || y > bottom) return false;
    const cx = x < left + radius ? left + radius : x > right - radius ? right - radius : x;
    const cy = y < top + radius ? top + radius : y > bottom - radius ? bottom - radius : y;
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  const ledY = size * 0.66;
  const ledR = size * 0.035;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      let colour: Rgb = picture.background;
      if (inBody(x, y)) {
        colour = picture.body;
        const inLabel = x > size * 0.28 && x < size * 0.72 && y > size * 0.34 && y < size * 0.5;
        if (inLabel) colour = picture.label;
        if (picture.back) {
          const holes = [size * 0.24, size * 0.76].some((hx) => [size * 0.3, size * 0.7].some((hy) => (x - hx) ** 2 + (y - hy) ** 2 <= (size * 0.03) ** 2));
          if (holes) colour = picture.background;
        } else {
          picture.leds.forEach((led, index) => {
            const lx = size * 0.36 + index * size * 0.14;
            if ((x - lx) ** 2 + (y - ledY) ** 2 <= ledR ** 2) colour = led;
          });
        }
      }
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', new Uint8Array()),
  ]);
  return new Blob([png], { type: 'image/png' });
}

/** A BOM list as CSV (opens in any spreadsheet): part number, name, quantity. */
export function bomCsv(model: string, lines: readonly [string, string, number][]): Blob {
  const rows = [['物料编码', '物料名称', '用量'], ...lines.map(([code, name, quantity]) => [code, name, String(quantity)])];
  return new Blob([`\ufeff# ${model} BOM\n${rows.map((row) => row.join(',')).join('\n')}\n`], { type: 'text/csv' });
}

/** A firmware image: bytes only a DTU would read. */
export function firmwareBin(version: string): Blob {
  const bytes = Buffer.alloc(4096);
  bytes.write(`DTU-FW ${version}`, 0, 'ascii');
  for (let index = 64; index < bytes.length; index++) bytes[index] = (index * 31 + version.length) & 0xff;
  return new Blob([bytes], { type: 'application/octet-stream' });
}
