import type { ImportResult, PackError } from '@contracts/admin-challenges';
import { apiPaths, withQuery } from '@contracts/api-paths';

export type UploadOutcome = { ok: true; result: ImportResult } | { ok: false; message: string; problems: string[] };

/**
 * Sends a .zip pack as the raw request body. XMLHttpRequest, not fetch: only it reports upload progress.
 * `onProgress` gets 0–1 while bytes go out; the server then checks and imports the whole pack before answering.
 */
export function uploadPack(file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withQuery(apiPaths.adminChallengesImport, { name: file.name }));
    xhr.setRequestHeader('content-type', 'application/zip');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200) return resolve({ ok: true, result: body as ImportResult });
      const error = (body ?? {}) as Partial<PackError>;
      resolve({
        ok: false,
        message: error.message ?? `The upload failed (${xhr.status}).`,
        problems: Array.isArray(error.problems) ? error.problems : [],
      });
    };
    xhr.onerror = () => resolve({ ok: false, message: 'The upload was interrupted. Check your connection and try again.', problems: [] });
    xhr.send(file);
  });
}
