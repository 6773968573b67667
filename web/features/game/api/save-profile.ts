import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { gameKeys } from './game-query-keys';
import { apiPaths } from '@contracts/api-paths';

// The response body is not needed: the cache is updated from the input.
export const saveProfile = (input: ProfileInput) => api<unknown>(apiPaths.profile, { method: 'PUT', body: input });

export function useSaveProfile({ onSuccess }: { onSuccess?: (input: ProfileInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (_data, input) => {
      queryClient.setQueryData<Profile>(gameKeys.profile(), (old) => ({
        suggestedName: old?.suggestedName ?? null,
        phoneNumber: input.phoneNumber ?? old?.phoneNumber ?? null,
        displayName: input.displayName,
      }));
      void queryClient.invalidateQueries({ queryKey: gameKeys.profile() });
      onSuccess?.(input);
    },
  });
}
