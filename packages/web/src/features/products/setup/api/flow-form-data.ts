import type { FlowParams } from '@factory/contracts';

export interface FlowSubmission {
  params: FlowParams;
  /** a new work-instruction PDF, if one was picked */
  pdf: File | null;
}

/**
 * The multipart body of POST /api/flow/add and /api/flow/edit: the part
 * productFlowParams (JSON text) and, when a file was picked, the part pdf.
 */
export function flowFormData({ params, pdf }: FlowSubmission): FormData {
  const form = new FormData();
  form.append('productFlowParams', JSON.stringify(params));
  if (pdf) form.append('pdf', pdf, pdf.name);
  return form;
}
