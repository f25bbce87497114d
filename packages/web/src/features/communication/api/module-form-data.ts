import {
  type CommunicationPartParam,
  MODULE_DTU_FILE_FIELDS,
  MODULE_IMAGE_FIELD,
  MODULE_PARAM_FIELD,
  type ModuleDtuFileField,
} from '@factory/contracts';

/**
 * The multipart body of a module's add and edit (seed 002 §7): the JSON part
 * `communicationPartParam` as an application/json file part, and `modelImage` only
 * when a new image was chosen (without one the server keeps the current image).
 */
export function moduleFormData(param: CommunicationPartParam & { id?: number }, image: File | null): FormData {
  const form = new FormData();
  form.append(MODULE_PARAM_FIELD, new Blob([JSON.stringify(param)], { type: 'application/json' }));
  if (image) form.append(MODULE_IMAGE_FIELD, image, image.name);
  return form;
}

/** The files a module DTU's panel sends: a slot left as it was is not sent (the server keeps its file). */
export type ModuleDtuFiles = Partial<Record<ModuleDtuFileField, File | null>>;

/** The multipart body of a module DTU's add and edit: text fields, then each new file in its own part. */
export function moduleDtuFormData(fields: Record<string, string | number>, files: ModuleDtuFiles): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const name of MODULE_DTU_FILE_FIELDS) {
    const file = files[name];
    if (file) form.append(name, file, file.name);
  }
  return form;
}
