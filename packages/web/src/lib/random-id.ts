/**
 * A fresh id for the captcha image. crypto.getRandomValues works on plain-http
 * intranet hosts too, where crypto.randomUUID is missing (insecure context).
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
