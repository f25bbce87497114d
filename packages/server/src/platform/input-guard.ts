import { hasNul, MSG } from '@factory/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from './errors.js';

/**
 * Whether any string in a parsed body, query or path (keys included) holds a NUL byte.
 * Walked with an explicit stack: a hostile body nested ten thousand arrays deep must
 * not overflow the call stack (a RangeError would answer 500).
 */
export function holdsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasNul(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (hasNul(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * The zod validator with one rule of the whole API in front: no text anywhere holds a
 * NUL byte. PostgreSQL can store none (it answers an error, which was a 500), and SQLite
 * would keep it silently, so the rule sits where every route passes, not only in the
 * schemas' text helpers (which refuse it too, for the console's forms).
 */
export const guardedValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route) as ReturnType<FastifySchemaCompiler<unknown>> & ((data: unknown) => object);
  return (data: unknown) => (holdsNul(data) ? { error: badRequest(MSG.nulCharacter) } : validate(data));
};
