import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; the Toaster's default is 5000 (spec §9). */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

/** Spec §9: one toast visible at a time; a new toast replaces the previous one. */
const TOAST_LIMIT = 1;
/** How long a closed toast stays mounted so its exit animation can play. */
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return toasts;
}

export function dismissToast(id?: number): void {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.open || (id !== undefined && t.id !== id))), REMOVE_DELAY_MS);
}

/** Shows a toast and returns its id. Usable outside React (e.g. in mutation callbacks). */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}

const HANDED_OVER_KEY = 'members-only.toast';

/**
 * Keeps the toast on screen (or `options`) for the next document of this tab, which shows it with
 * `showHandedOverToast`: the /auth document leaves for the app by a full navigation (ADR 026).
 */
export function handOverToast(options?: ToastOptions): void {
  const open = toasts.find((t) => t.open);
  const kept = options ?? (open ? { title: open.title, description: open.description, variant: open.variant, duration: open.duration } : undefined);
  if (!kept) return;
  try {
    window.sessionStorage.setItem(HANDED_OVER_KEY, JSON.stringify(kept));
  } catch {
    // Storage blocked: the next page shows no toast.
  }
}

/** Shows (once) a toast the previous document of this tab handed over. */
export function showHandedOverToast(): void {
  let kept: ToastOptions | undefined;
  try {
    const raw = window.sessionStorage.getItem(HANDED_OVER_KEY);
    if (raw === null) return;
    window.sessionStorage.removeItem(HANDED_OVER_KEY);
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && typeof (value as ToastOptions).title === 'string') kept = value as ToastOptions;
  } catch {
    return;
  }
  if (kept) toast(kept);
}
