// sonner (34 kB) loads on the first toast, not with the page: most visits never raise one, and the Toaster in the
// root layout is lazy too. A toast raised before the Toaster mounts is not lost (sonner replays active toasts).
const sonner = () => import('sonner');

/** A destructive-style toast with a title and a message (SPEC 7). */
export function notifyError(title: string, message: string) {
  void sonner().then(({ toast }) => toast.error(title, { description: message }));
}

export function notifySuccess(title: string, message: string) {
  void sonner().then(({ toast }) => toast.success(title, { description: message }));
}
