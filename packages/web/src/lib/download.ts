import { MSG } from '@factory/contracts';
import { ApiError, UPLOAD_TIMEOUT_MS, type QueryParams } from './api-client';
import { feedback } from './feedback';
import { useSession } from './session-store';

/**
 * Downloads a file the server answers as an attachment (property JSON, production
 * codes). The legacy console opened the address in a new window; ours authenticates
 * with a bearer header a new window would not carry, so the file is fetched here and
 * handed to the browser under the name of the Content-Disposition header.
 *
 * A refusal comes as the usual envelope and is thrown as a business ApiError for the
 * caller to show; a failure without an envelope is shown here, as the API client does.
 * Resolves to the name the file was saved under.
 */
export async function downloadFile(path: string, query: QueryParams, fallbackName: string): Promise<string> {
  const token = useSession.getState().token;
  const controller = new AbortController();
  // A large task's codes take a while to write; the list calls' 10 s would cut them off.
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  let response: Response;
  let blob: Blob | null = null;
  let text = '';
  try {
    response = await fetch(withQuery(path, query), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    });
    if (isAttachment(response)) blob = await response.blob();
    else text = await response.text();
  } catch {
    feedback().error(MSG.serverError);
    throw new ApiError('server', MSG.serverError, null);
  } finally {
    clearTimeout(timer);
  }

  if (!blob) {
    const refusal = errorMsgOf(text);
    if (refusal === null) {
      feedback().error(MSG.serverError);
      throw new ApiError('server', MSG.serverError, response.status);
    }
    throw new ApiError('business', refusal, response.status);
  }

  const fileName = fileNameOf(response.headers.get('Content-Disposition') ?? '') ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}

export function isAttachment(response: Response): boolean {
  return response.ok && (response.headers.get('Content-Disposition') ?? '').includes('attachment');
}

/** The errorMsg of an envelope, or null when the text is none (an HTML error page, a proxy's answer). */
export function errorMsgOf(text: string): string | null {
  try {
    const envelope = JSON.parse(text) as { code?: unknown; errorMsg?: unknown };
    if (envelope.code !== 0 && envelope.code !== 1) return null;
    return typeof envelope.errorMsg === 'string' && envelope.errorMsg ? envelope.errorMsg : MSG.serverError;
  } catch {
    return null;
  }
}

export function withQuery(path: string, query: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after click() returns; revoking at once could cancel the save.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name of a Content-Disposition header, RFC 5987 form first. */
export function fileNameOf(disposition: string): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}
