/**
 * The pre-rendered /auth (scripts/vite-prerender.ts) can be typed into before the app's JavaScript arrives on a slow
 * phone. When the app takes over, React's state for those fields is still empty: the page would show the typed e-mail
 * and yet answer "Email is required" (hydrated markup), or show empty fields (markup rendered afresh, e.g. after a
 * mismatch). So the typed values are read before the app starts and, once React tracks each field (it has adopted or
 * rendered it), given to React through the input event its onChange listens to; the focused field keeps the focus.
 */
type Field = (HTMLInputElement | HTMLTextAreaElement) & { _valueTracker?: unknown };

interface Typed {
  id: string;
  value: string;
  node: Element;
}

export function captureTypedInput(root: HTMLElement) {
  const typed: Typed[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')) {
    if (field.type === 'hidden' || field.type === 'checkbox' || field.type === 'radio' || field.value === '') continue;
    typed.push({ id: field.id, value: field.value, node: field });
  }
  const active = document.activeElement;
  const focusedId = active instanceof HTMLElement && root.contains(active) && active.id ? active.id : null;
  return { typed, focusedId };
}

const isField = (element: Element | null): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
/** React keeps a value tracker on every input it controls, from the commit that adopts or renders it. */
const tracked = (field: Field) => field._valueTracker != null;

/** Hands the captured values to the app's state; called after the first commit (fields are checked each frame, 10 s). */
export function restoreTypedInput({ typed, focusedId }: ReturnType<typeof captureTypedInput>) {
  if (typed.length === 0) return;
  const deadline = performance.now() + 10_000;
  const pending = [...typed];
  let focusPending = focusedId !== null;
  const attempt = () => {
    for (let i = pending.length - 1; i >= 0; i--) {
      const { id, value, node } = pending[i];
      const field = document.getElementById(id);
      if (!isField(field) || !tracked(field)) continue;
      pending.splice(i, 1);
      // The same field, adopted: what it holds now (the player may have typed on), or what it held if hydration reset
      // it. A new field the app filled itself keeps its own value.
      const text = field === node ? field.value || value : field.value === '' ? value : null;
      if (text === null || text === '') continue;
      // React's onChange fires only for a value other than the last it saw: it is shown '' (through its own tracked
      // setter), then the text (the prototype's setter, which it does not see) and the input event.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focusPending && focusedId) {
      const field = document.getElementById(focusedId);
      if (isField(field) && tracked(field)) {
        if (document.activeElement !== field) field.focus();
        focusPending = false;
      }
    }
    if ((pending.length > 0 || focusPending) && performance.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
