import { type Dtu, type DtuAddBody, OTHER_COMMUNICATION } from '@factory/contracts';
import { useRef } from 'react';
import { useAddDtu } from '../api/add-dtu';
import { useEditDtu } from '../api/edit-dtu';
import { uploadFile } from '../api/upload-file';
import type { StoredFile } from '../../../components/file-field';

/** What the DTU form holds: texts as typed, each file slot a chosen File or the stored file. */
export interface DtuFields {
  dtuType: string;
  modelType: string;
  productCompany: string;
  standardVoltage: string;
  bandRate: string;
  connectInternet: boolean;
  communicationType?: string;
  communicationTypeDesc?: string;
  testFirmware: File | StoredFile | null;
  testFirmwareVersion: string;
  productFile: File | StoredFile | null;
  bomListFile: File | StoredFile | null;
  otherRequestFile: File | StoredFile | null;
  frontImage: File | string | null;
  backImage: File | string | null;
}

/** The slots whose files travel as URLs, with the body field each fills. */
export const FILE_SLOTS = {
  testFirmware: 'testFirmwareUrl',
  productFile: 'productFileUrl',
  bomListFile: 'bomListFileUrl',
  otherRequestFile: 'otherRequestFileUrl',
  frontImage: 'frontImageUrl',
  backImage: 'backImageUrl',
} as const satisfies Partial<Record<keyof DtuFields, keyof DtuAddBody>>;
export type FileSlot = keyof typeof FILE_SLOTS;

const stored = (url: string | null, name: string | null, fallback: string): StoredFile | null =>
  url ? { name: name || fallback, url } : null;

/** The form's values for a DTU (edit), or an empty form (add). */
export function initialDtuFields(dtu: Dtu | undefined): DtuFields {
  if (!dtu) {
    return {
      dtuType: '',
      modelType: '',
      productCompany: '',
      standardVoltage: '',
      bandRate: '',
      connectInternet: false,
      communicationTypeDesc: '',
      testFirmware: null,
      testFirmwareVersion: '',
      productFile: null,
      bomListFile: null,
      otherRequestFile: null,
      frontImage: null,
      backImage: null,
    };
  }
  const networked = dtu.connectInternet && dtu.communicationType !== null;
  return {
    dtuType: dtu.dtuType,
    modelType: dtu.modelType,
    productCompany: dtu.productCompany,
    standardVoltage: dtu.standardVoltage,
    bandRate: dtu.bandRate === null ? '' : String(dtu.bandRate),
    connectInternet: networked,
    communicationType: networked ? (dtu.communicationType ?? undefined) : undefined,
    communicationTypeDesc: dtu.communicationType === OTHER_COMMUNICATION ? dtu.communicationTypeDesc : '',
    testFirmware: stored(dtu.testFirmwareUrl, dtu.testFirmwareFileName, '测试固件'),
    testFirmwareVersion: dtu.testFirmwareVersion,
    productFile: stored(dtu.productFileUrl, dtu.productFileOriginName, '生产文件'),
    bomListFile: stored(dtu.bomListFileUrl, dtu.bomListOriginName, 'BOM清单'),
    otherRequestFile: stored(dtu.otherRequestFileUrl, dtu.otherRequestFileOriginName, '其他要求'),
    frontImage: dtu.frontImageUrl,
    backImage: dtu.backImageUrl,
  };
}

/** A slot whose upload failed, so the form can clear it (seed 002 §8: a failed upload clears the file). */
export class SlotUploadError extends Error {
  constructor(
    readonly slot: FileSlot,
    readonly failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
  }
}

/**
 * Saves the DTU form: uploads each newly chosen file through /api/file/upload, then
 * adds or edits the DTU with the URLs as JSON (seed 002 §7). A file uploaded once is
 * not uploaded again when a refused save is retried in the same opening.
 */
export function useSaveDtu() {
  const add = useAddDtu();
  const edit = useEditDtu();
  const uploaded = useRef(new Map<File, string>());

  const urlOf = async (slot: FileSlot, value: File | StoredFile | string | null): Promise<string | null> => {
    if (value === null) return null;
    if (typeof value === 'string') return value;
    if (!(value instanceof File)) return value.url;
    const known = uploaded.current.get(value);
    if (known) return known;
    try {
      const url = await uploadFile(value);
      uploaded.current.set(value, url);
      return url;
    } catch (error) {
      throw new SlotUploadError(slot, error);
    }
  };

  const save = async (fields: DtuFields, fittingId: number, dtu: Dtu | undefined): Promise<number> => {
    const slots = Object.keys(FILE_SLOTS) as FileSlot[];
    const urls = await Promise.all(slots.map((slot) => urlOf(slot, fields[slot])));
    const fileUrls = Object.fromEntries(slots.map((slot, index) => [FILE_SLOTS[slot], urls[index]]));
    const type = fields.connectInternet ? (fields.communicationType ?? null) : null;
    const body: DtuAddBody = {
      fittingId: dtu?.fittingId ?? fittingId,
      dtuType: fields.dtuType.trim(),
      modelType: fields.modelType.trim(),
      productCompany: fields.productCompany.trim(),
      standardVoltage: fields.standardVoltage.trim(),
      bandRate: Number(fields.bandRate.trim()),
      connectInternet: fields.connectInternet,
      // without network the method is null and its description empty (seed 002 §5)
      communicationType: type as DtuAddBody['communicationType'],
      communicationTypeDesc: type === OTHER_COMMUNICATION ? (fields.communicationTypeDesc ?? '').trim() : '',
      testFirmwareVersion: fields.testFirmwareVersion.trim(),
      ...fileUrls,
    };
    if (dtu) {
      await edit.mutateAsync({ ...body, id: dtu.id });
      return dtu.id;
    }
    return add.mutateAsync(body);
  };

  return save;
}

/** The error a failed save should show: the upload's own failure for a slot. */
export const causeOf = (error: unknown): unknown => (error instanceof SlotUploadError ? error.failure : error);
