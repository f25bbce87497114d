import { PATHS } from '@factory/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** The lines of one factory a user is tied to. */
export interface FactoryLines {
  factoryId: number;
  lineId: number[];
}

/** POST /api/user/create (JSON). userName is the short name; the server adds `@<parent name>`. */
export interface CreateUserBody {
  parentId: number;
  userName: string;
  roleId: number;
  facLineVos: FactoryLines[];
}

export function createUser(body: CreateUserBody): Promise<unknown> {
  return apiPost<unknown>(PATHS.userCreate, body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
