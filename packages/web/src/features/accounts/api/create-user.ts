import { type CallInput, USER_ENDPOINTS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { userKeys } from './user-keys';

const CREATE = USER_ENDPOINTS.userCreate;

/** userName is the short name; the server adds `@<parent name>`. Answers the new user’s id. */
export const createUser = (body: CallInput<typeof CREATE>) => apiCall(CREATE, body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
