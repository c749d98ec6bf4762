import { useSyncExternalStore } from 'react';

/**
 * The colour theme: the artist's choice (System, Light or Dark), remembered in localStorage, and
 * the theme it resolves to. public/theme-init.js applies it before the first paint (same key,
 * same rules); this module keeps <html>'s .dark/.light class in step afterwards: a new choice,
 * the system setting changing while the choice is System, another tab choosing.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'members-only.theme';
/** The browser's bar colour per theme (the --background tokens of index.css). */
export const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#fafaf9', dark: '#0c0a09' };
const DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeState {
  choice: ThemeChoice;
  resolved: ResolvedTheme;
}

export function parseThemeChoice(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): ResolvedTheme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

function readStoredChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system'; // storage blocked
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the theme on <html> (class and the browser bar colour) without animating every colour change. */
export function applyTheme(state: ThemeState, { instant = false } = {}) {
  const root = document.documentElement;
  const dark = state.resolved === 'dark';
  const changed = root.classList.contains('dark') !== dark || !root.classList.contains(state.resolved);
  if (changed && instant) root.classList.add('theme-switching');
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    // With System, each tag keeps following its own media query.
    const own: ResolvedTheme = (meta.getAttribute('media') ?? '').includes('dark') ? 'dark' : 'light';
    meta.setAttribute('content', THEME_COLORS[state.choice === 'system' ? own : state.resolved]);
  }
  if (changed && instant) {
    // Let one frame render the new colours, then transitions come back.
    requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('theme-switching')));
  }
}

let state: ThemeState | undefined;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | undefined;

function update(choice: ThemeChoice, instant: boolean) {
  const next: ThemeState = { choice, resolved: resolveTheme(choice, systemPrefersDark()) };
  const same = state && state.choice === next.choice && state.resolved === next.resolved;
  if (!same) state = next;
  applyTheme(state as ThemeState, { instant });
  if (!same) for (const listener of listeners) listener();
}

/** Reads the saved choice, applies it, and follows the system setting and other tabs. Idempotent. */
export function initTheme(): ThemeState {
  if (!state) update(readStoredChoice(), false);
  if (!stopWatching) {
    const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
    const onSystemChange = () => {
      if (state?.choice === 'system') update('system', true);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) update(readStoredChoice(), true);
    };
    media?.addEventListener('change', onSystemChange);
    window.addEventListener('storage', onStorage);
    stopWatching = () => {
      media?.removeEventListener('change', onSystemChange);
      window.removeEventListener('storage', onStorage);
    };
  }
  return state as ThemeState;
}

/** Saves and applies a choice. */
export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice lasts until the page is reloaded.
  }
  initTheme();
  update(choice, true);
}

/** For tests: forget the state and stop listening. */
export function resetThemeForTests() {
  stopWatching?.();
  stopWatching = undefined;
  state = undefined;
  listeners.clear();
}

function subscribe(listener: () => void) {
  initTheme();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state ?? initTheme();

/** The current choice and resolved theme; re-renders when either changes. */
export function useTheme(): ThemeState & { setChoice: (choice: ThemeChoice) => void } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...current, setChoice: setThemeChoice };
}
