import { toast } from 'sonner';

/** A destructive-style toast with a title and a message (SPEC 7). */
export function notifyError(title: string, message: string) {
  toast.error(title, { description: message });
}

export function notifySuccess(title: string, message: string) {
  toast.success(title, { description: message });
}
