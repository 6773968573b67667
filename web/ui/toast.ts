import { useSyncExternalStore } from 'react';

// sonner (34 kB) loads on the first toast, or a few seconds after the page has loaded: most visits never raise one,
// and on /play its download would hold one of the browser's 6 connections just when START CHALLENGE is tapped
// (docs/decisions/025). A toast raised before the Toaster mounts is not lost (sonner replays active toasts).
const sonner = () => {
  wantToaster();
  return import('sonner');
};

/** How long after the page's load event the Toaster mounts by itself (its first toast then shows at once). */
export const TOASTER_DELAY_MS = 5_000;

let toasterWanted = false;
const listeners = new Set<() => void>();
function wantToaster() {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

/** Whether the root layout should mount sonner's Toaster yet: after the first toast, or a few seconds after load. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const later = () => {
        timer = setTimeout(wantToaster, TOASTER_DELAY_MS);
      };
      if (document.readyState === 'complete') later();
      else window.addEventListener('load', later, { once: true });
      return () => {
        listeners.delete(listener);
        window.removeEventListener('load', later);
        clearTimeout(timer);
      };
    },
    () => toasterWanted,
    () => false,
  );
}

/** A destructive-style toast with a title and a message (SPEC 7). */
export function notifyError(title: string, message: string) {
  void sonner().then(({ toast }) => toast.error(title, { description: message }));
}

export function notifySuccess(title: string, message: string) {
  void sonner().then(({ toast }) => toast.success(title, { description: message }));
}
