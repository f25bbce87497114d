import { PART_IMAGE_FIELD } from '@factory/contracts';

/** What the part dialog saves: the text fields, and a newly chosen image (none keeps the current one on edit). */
export interface FittingInput {
  fittingType: number;
  partDesc: string;
  image: File | null;
}

/** The multipart form of fitting add/edit (seed 002 §7): text fields, the image in the part `image`. */
export function fittingFormData({ fittingType, partDesc, image }: FittingInput, id?: number): FormData {
  const form = new FormData();
  if (id !== undefined) form.append('id', String(id));
  form.append('fittingType', String(fittingType));
  form.append('partDesc', partDesc);
  if (image) form.append(PART_IMAGE_FIELD, image, image.name);
  return form;
}
