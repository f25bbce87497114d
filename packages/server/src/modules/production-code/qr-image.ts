import { PRODUCTION_CODE_PATTERN, TASK_LIMITS } from '@factory/contracts';
import QRCode from 'qrcode';

/** Quiet zone in modules: 2 keeps a 10-character code large on a 256 px label and still scans. */
const QR_MARGIN = 2;
/** M restores 15% of the symbol: enough for a scuffed label without growing the modules. */
const QR_ERROR_CORRECTION = 'M';
/** The file name the console asks for (contracts `qrImagePath`): `<code>.png`. */
const QR_SUFFIX = '.png';

/** The code named by an image file name (`<code>.png`), or null when it can not be a production code. */
export function codeOfQrFile(file: string): string | null {
  if (!file.endsWith(QR_SUFFIX)) return null;
  const code = file.slice(0, -QR_SUFFIX.length);
  return PRODUCTION_CODE_PATTERN.test(code) ? code : null;
}

/**
 * The image depends on the code and on how it is drawn, never on the database,
 * so the tag names both: a change of size, margin or error correction changes it.
 */
export function qrEntityTag(code: string): string {
  return `"qr-${TASK_LIMITS.qrSize}-${QR_MARGIN}-${QR_ERROR_CORRECTION}-${code}"`;
}

/** A square PNG of TASK_LIMITS.qrSize pixels. */
export function renderQrPng(code: string): Promise<Buffer> {
  return QRCode.toBuffer(code, {
    type: 'png',
    width: TASK_LIMITS.qrSize,
    margin: QR_MARGIN,
    errorCorrectionLevel: QR_ERROR_CORRECTION,
  });
}
