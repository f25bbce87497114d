import { FILE_ENDPOINTS, MSG } from '@factory/contracts';
import { apiCall, ApiError } from '../../../lib/api-client';

/** Uploads one file (field `files`) and answers its URL: the first of the answer (seed 002 §7). */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('files', file, file.name);
  const [url] = await apiCall(FILE_ENDPOINTS.fileUpload, form);
  if (!url) throw new ApiError('business', MSG.serverError, null);
  return url;
}
