import { MSG, PATHS } from '@factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';

/**
 * GET /api/property/exportJson?productId: the product's properties as a file.
 * The legacy console opened the address in a new window; ours authenticates with a
 * bearer header a new window would not carry, so the file is fetched here and handed
 * to the browser as a download under the server's name (`<number>-properties.json`).
 */
export async function exportProperties(productId: number): Promise<string> {
  const token = useSession.getState().token;
  const response = await fetch(`${PATHS.propertyExportJson}?productId=${productId}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const type = response.headers.get('Content-Type') ?? '';
  const disposition = response.headers.get('Content-Disposition') ?? '';
  // A refusal is the usual envelope; the file itself comes as an attachment.
  if (!response.ok || !disposition.includes('attachment')) {
    const text = await response.text();
    throw new ApiError('business', refusalOf(text, type), response.status);
  }
  const fileName = fileNameOf(disposition) ?? `product-${productId}-properties.json`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

function refusalOf(text: string, type: string): string {
  if (type.includes('json')) {
    try {
      const envelope = JSON.parse(text) as { errorMsg?: unknown };
      if (typeof envelope.errorMsg === 'string' && envelope.errorMsg) return envelope.errorMsg;
    } catch {
      // not an envelope
    }
  }
  return MSG.serverError;
}

/** The file name of a Content-Disposition header, RFC 5987 form first. */
export function fileNameOf(disposition: string): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

export function useExportProperties() {
  return useMutation({ mutationFn: exportProperties });
}
