import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import themeInitScript from '../../public/theme-init.js?raw';
import css from '../index.css?raw';
import { THEME_COLORS } from './theme';

/**
 * WCAG 2.x contrast of the theme tokens in index.css, both themes: text pairs >= 4.5:1 (AA body
 * text, disabled controls included), focus ring and control edges >= 3:1 (non-text contrast).
 */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in index.css`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2].toLowerCase()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** [foreground, background] pairs of text as the components use them. */
const TEXT_PAIRS: [string, string][] = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['foreground', 'muted'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['muted-foreground', 'sidebar'],
  ['muted-foreground', 'accent'],
  ['sidebar-foreground', 'sidebar'],
  ['sidebar-foreground', 'accent'],
  ['accent-foreground', 'accent'],
  ['primary-foreground', 'primary'],
  ['primary-foreground', 'primary-hover'],
  ['primary', 'background'],
  ['primary', 'card'],
  ['primary-soft-foreground', 'primary-soft'],
  ['destructive-foreground', 'destructive'],
  ['destructive-foreground', 'destructive-hover'],
  ['destructive-text', 'background'],
  ['destructive-text', 'card'],
  ['success-foreground', 'success'],
  ['disabled-foreground', 'disabled'],
  ['disabled-foreground', 'background'],
  ['disabled-foreground', 'card'],
];

/** Non-text: the focus ring next to the surfaces it is drawn on, and the edges of text fields. */
const NON_TEXT_PAIRS: [string, string][] = [
  ['ring', 'background'],
  ['ring', 'card'],
  ['ring', 'sidebar'],
  ['ring', 'muted'],
  ['ring', 'accent'],
  ['ring', 'primary-soft'],
  ['input', 'background'],
  ['input', 'card'],
  ['input', 'sidebar'],
];

const themes = { light: tokens(':root'), dark: tokens(':root.dark') };

describe.each(Object.entries(themes))('%s theme tokens', (name, theme) => {
  it('defines every token the other theme defines', () => {
    const other = name === 'light' ? themes.dark : themes.light;
    expect(Object.keys(theme).sort()).toEqual(Object.keys(other).sort());
  });

  it.each(TEXT_PAIRS)('text %s on %s is at least 4.5:1', (fg, bg) => {
    expect(theme[fg], fg).toBeDefined();
    expect(theme[bg], bg).toBeDefined();
    expect(contrast(theme[fg], theme[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)('%s against %s is at least 3:1', (fg, bg) => {
    expect(contrast(theme[fg], theme[bg])).toBeGreaterThanOrEqual(3);
  });

  it('disabled controls look different from enabled ones', () => {
    expect(theme.disabled).not.toBe(theme.primary);
    expect(theme.disabled).not.toBe(theme.accent);
    expect(theme['disabled-foreground']).not.toBe(theme.foreground);
  });

  it('gives the browser bar the page background', () => {
    expect(THEME_COLORS[name as 'light' | 'dark']).toBe(theme.background);
  });
});

it('index.html and theme-init.js use the same bar colours', () => {
  for (const color of Object.values(THEME_COLORS)) {
    expect(indexHtml).toContain(`content="${color}"`);
    expect(themeInitScript).toContain(`'${color}'`);
  }
});
