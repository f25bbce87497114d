import { type SerialPropertyAddBody, DTU_PROPERTY_ENDPOINTS as P } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api-client';
import { potionKeys } from './potion-keys';

/** POST /api/serialProperty/add (form): answers the new property's id. */
export const addSerialProperty = (body: SerialPropertyAddBody) => apiCall(P.serialPropertyAdd, body);
/** POST /api/serialProperty/edit (form): refused while the property is being tested. */
export const editSerialProperty = (body: SerialPropertyAddBody & { id: number }) => apiCall(P.serialPropertyEdit, body);

/** Saves a 串口检测属性: an id edits it, none adds one (seed 002 §4). */
export function useSaveSerialProperty(dtuId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SerialPropertyAddBody }) =>
      id === null ? addSerialProperty(body) : editSerialProperty({ ...body, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: potionKeys.properties('serial', dtuId) }),
  });
}
