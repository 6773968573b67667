import { useMutation } from '@tanstack/react-query';
import type { GeneratedName } from '@contracts/game';
import { api } from '@web/lib/api-client';
import { apiPaths } from '@contracts/api-paths';

/** Asks the server for a fresh fun display name (nothing is saved). */
export const generateName = () => api<GeneratedName>(apiPaths.generateName, { method: 'POST', body: {} });

export function useGenerateName({ onSuccess }: { onSuccess?: (displayName: string) => void } = {}) {
  return useMutation({ mutationFn: generateName, onSuccess: (data) => onSuccess?.(data.displayName) });
}
