import { MSG } from '@factory/contracts';

/**
 * A refusal with an honest HTTP status and the Chinese message the user sees.
 * The error handler turns it into the failure envelope; nothing else is needed.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MSG.sessionExpired) => new HttpError(401, message);
export const forbidden = (message: string = MSG.noPermission) => new HttpError(403, message);
export const notFound = (message: string = MSG.recordNotFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
