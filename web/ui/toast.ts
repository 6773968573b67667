import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import { loadWithRetry } from '@web/lib/chunk-recovery';

// sonner (34 kB) loads on the first toast, or a few seconds after the page has loaded: most visits never raise one,
// and on /play its download would hold one of the browser's 6 connections just when START CHALLENGE is tapped
// (docs/decisions/025). A toast raised before the Toaster mounts is not lost (sonner replays active toasts).
// A toast whose library cannot be loaded (the Wi-Fi dropped) is dropped, never an unhandled error.
const sonner = () => {
  wantToaster();
  return loadWithRetry(() => import('sonner'));
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

// Toasts rise from the bottom of the screen (web/app/root-layout.tsx): the top is where each page's header and the
// heading a toast refers to sit. Whatever is stuck to the bottom (the guess composer: its field and SUBMIT) is a floor
// they stay above: its height in view is kept in the --toast-floor custom property of the document, measured again
// as each toast is shown, since a floor can move without resizing or a scroll (a dialog closing above it shifted the
// page: a toast then covered the guess field by 0.7 px in a journey).
const floors = new Set<HTMLElement>();
let floorFrame = 0;

function measureFloors() {
  floorFrame = 0;
  const height = window.innerHeight;
  let floor = 0;
  for (const element of floors) {
    const box = element.getBoundingClientRect();
    // Only while on screen, and never more than half of it (toasts must keep room above).
    if (box.bottom > 0 && box.top < height) floor = Math.max(floor, Math.min(height - box.top, height / 2));
  }
  document.documentElement.style.setProperty('--toast-floor', `${Math.ceil(floor)}px`);
}

function scheduleFloors() {
  if (!floorFrame) floorFrame = requestAnimationFrame(measureFloors);
}

/** Keeps toasts above `ref`'s element while it is on screen (an element stuck to the bottom: a composer, a "you" row). */
export function useToastFloor(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    floors.add(element);
    const resized = new ResizeObserver(scheduleFloors);
    resized.observe(element);
    if (floors.size === 1) {
      window.addEventListener('scroll', scheduleFloors, { passive: true });
      window.addEventListener('resize', scheduleFloors);
    }
    measureFloors();
    return () => {
      floors.delete(element);
      resized.disconnect();
      if (floors.size === 0) {
        window.removeEventListener('scroll', scheduleFloors);
        window.removeEventListener('resize', scheduleFloors);
      }
      measureFloors();
    };
  }, [ref]);
}

/** Shows a toast above the floor as it stands now (measured here: see the floor's note above). */
function show(kind: 'error' | 'success', title: string, message: string) {
  sonner().then(
    ({ toast }) => {
      measureFloors();
      toast[kind](title, { description: message });
    },
    () => undefined,
  );
}

/** A destructive-style toast with a title and a message: how every failure is shown. */
export function notifyError(title: string, message: string) {
  show('error', title, message);
}

export function notifySuccess(title: string, message: string) {
  show('success', title, message);
}
