import { type OtherPropertyAddBody, DTU_PROPERTY_ENDPOINTS as P } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { potionKeys } from './potion-keys';

/** POST /api/otherProperty/add (form): answers the new property's id. */
export const addOtherProperty = (body: OtherPropertyAddBody) => apiCall(P.otherPropertyAdd, body);
/** POST /api/otherProperty/edit (form): refused while the property is being tested. */
export const editOtherProperty = (body: OtherPropertyAddBody & { id: number }) => apiCall(P.otherPropertyEdit, body);

/** Saves a 其他检测属性: an id edits it, none adds one (seed 002 §4). */
export function useSaveOtherProperty(dtuId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: OtherPropertyAddBody }) =>
      id === null ? addOtherProperty(body) : editOtherProperty({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: potionKeys.properties('other', dtuId) }),
  });
}
