import type { ExternalToast } from 'sonner';

let sonner: Promise<typeof import('sonner')> | null = null;
let markRequested: () => void = () => {};
/** Settles when something first asks for sonner (a toast from the first screen's code). */
export const sonnerRequested = new Promise<void>((resolve) => (markRequested = resolve));

/**
 * sonner, kept out of the first screen's bundle: loaded by the first toast shown through here, or by the Toaster once
 * the page is up. The Toaster shows toasts made before it mounted.
 */
export function loadSonner(): Promise<typeof import('sonner')> {
  markRequested();
  return (sonner ??= import('sonner').catch((error: unknown) => {
    sonner = null;
    throw error;
  }));
}

/** `toast.error` for code on the first screen (session store, sign-in buttons, emulation banner). */
export function toastError(message: string, options?: ExternalToast): void {
  loadSonner().then(
    ({ toast }) => toast.error(message, options),
    // Offline before sonner ever loaded: no toast can be shown, the message still reaches the console.
    () => console.error(message),
  );
}
