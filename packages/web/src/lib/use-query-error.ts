import { useEffect } from 'react';
import { showApiError } from './api-client';

/**
 * The API client shows transport and session failures itself but leaves a
 * business refusal (envelope code 0) to the caller; a page query shows it once
 * (seed 000 §8: an error pop-up with the server's errorMsg).
 */
export function useQueryError(error: unknown): void {
  useEffect(() => {
    if (error) showApiError(error);
  }, [error]);
}
