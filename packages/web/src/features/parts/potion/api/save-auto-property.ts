import { type AutoPropertyAddBody, DTU_PROPERTY_ENDPOINTS as P } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { potionKeys } from './potion-keys';

/** POST /api/autoProperty/add (form): answers the new property's id. */
export const addAutoProperty = (body: AutoPropertyAddBody) => apiCall(P.autoPropertyAdd, body);
/** POST /api/autoProperty/edit (form): refused while the property is being tested. */
export const editAutoProperty = (body: AutoPropertyAddBody & { id: number }) => apiCall(P.autoPropertyEdit, body);

/** Saves a 自动检测属性: an id edits it, none adds one (seed 002 §4). */
export function useSaveAutoProperty(dtuId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AutoPropertyAddBody }) =>
      id === null ? addAutoProperty(body) : editAutoProperty({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: potionKeys.properties('auto', dtuId) }),
  });
}
