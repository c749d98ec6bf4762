import { describe, expect, it } from 'vitest';

/**
 * Nothing an artist sees names a setting, a command or configuration: the web app's sources
 * (tests aside) hold no such words. How to connect a service is the admin page's, and its setting
 * names come from the server (GET /api/admin/services), never from literals here.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

const SETTING_WORDING = [
  /\b(?:AI|STT)_[A-Z_]+\b/,
  /\b(?:DATABASE_URL|DATA_DIR|SESSION_SECRET|QUOTAS_(?:FREE|PREMIUM))\b/,
  /\bnpm (?:run|start|install)\b/,
  /\benvironment variable/i,
  /\.env\b/,
];
/** Artists are never asked to configure anything; the admin page may say what is configured. */
const CONFIGURE = /\bconfigur(?:e|ed|ation)\b/i;
const ADMIN_ONLY = /\/features\/admin\//;

/** The code without its comments (which speak to developers). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('plain words in the web app', () => {
  it('reads its sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it.each(Object.entries(sources))('%s names no setting, command or configuration', (file, text) => {
    const code = withoutComments(text);
    const patterns = ADMIN_ONLY.test(file) ? SETTING_WORDING : [...SETTING_WORDING, CONFIGURE];
    const found = patterns.map((pattern) => pattern.exec(code)?.[0]).filter(Boolean);
    expect(found).toEqual([]);
  });
});
