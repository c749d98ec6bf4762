import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeSwitcher } from '@/components/ui/theme-switcher';
import themeInitScript from '../../public/theme-init.js?raw';
import { initTheme, parseThemeChoice, resetThemeForTests, resolveTheme, setThemeChoice, THEME_STORAGE_KEY } from './theme';

/** A controllable (prefers-color-scheme: dark). */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const htmlClass = () => document.documentElement.className.split(/\s+/).filter((c) => c === 'dark' || c === 'light');

beforeEach(() => {
  resetThemeForTests();
  localStorage.clear();
  document.documentElement.className = '';
  document.head.innerHTML =
    '<meta name="theme-color" content="#fafaf9" media="(prefers-color-scheme: light)">' +
    '<meta name="theme-color" content="#0c0a09" media="(prefers-color-scheme: dark)">';
});
afterEach(() => resetThemeForTests());

describe('choice and resolution', () => {
  it('accepts only light and dark as saved choices', () => {
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('light')).toBe('light');
    for (const v of [null, '', 'system', 'DARK', 42]) expect(parseThemeChoice(v)).toBe('system');
  });

  it('System follows the system; Light and Dark do not', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('public/theme-init.js (before the first paint)', () => {
  const run = () => new Function(themeInitScript)();
  const cases: [string | null, boolean, 'dark' | 'light'][] = [
    [null, false, 'light'],
    [null, true, 'dark'],
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    ['bogus', true, 'dark'],
  ];
  it.each(cases)('saved %s, system dark %s: %s, as the app resolves it', (saved, systemDark, expected) => {
    fakeSystem(systemDark);
    if (saved) localStorage.setItem(THEME_STORAGE_KEY, saved);
    run();
    expect(htmlClass()).toEqual([expected]);
    // The app, starting after it, agrees and changes nothing.
    expect(initTheme().resolved).toBe(expected);
    expect(htmlClass()).toEqual([expected]);
  });

  it('follows the system when storage is blocked', () => {
    fakeSystem(true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    run();
    expect(htmlClass()).toEqual(['dark']);
  });

  it('gives the browser bar the chosen colour', () => {
    fakeSystem(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    const colors = [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content'));
    expect(colors).toEqual(['#0c0a09', '#0c0a09']);
  });
});

describe('the app keeps the theme', () => {
  it('saves a choice, applies it, and forgets it for System', () => {
    fakeSystem(false);
    initTheme();
    expect(htmlClass()).toEqual(['light']);
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(htmlClass()).toEqual(['dark']);
    setThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(htmlClass()).toEqual(['light']);
    const colors = [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content'));
    expect(colors).toEqual(['#fafaf9', '#0c0a09']);
  });

  it('follows a system change only while the choice is System', () => {
    const system = fakeSystem(false);
    initTheme();
    system.set(true);
    expect(htmlClass()).toEqual(['dark']);
    setThemeChoice('light');
    system.set(false);
    system.set(true);
    expect(htmlClass()).toEqual(['light']);
  });

  it('takes a choice made in another tab', () => {
    fakeSystem(false);
    initTheme();
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    expect(htmlClass()).toEqual(['dark']);
  });
});

describe('ThemeSwitcher', () => {
  it('is a radio group named Theme that shows and sets the choice', () => {
    fakeSystem(true);
    render(<ThemeSwitcher />);
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    const system = screen.getByRole('radio', { name: 'System' }) as HTMLInputElement;
    const light = screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement;
    expect(system.checked).toBe(true);
    act(() => light.click());
    expect(light.checked).toBe(true);
    expect(system.checked).toBe(false);
    expect(htmlClass()).toEqual(['light']);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
