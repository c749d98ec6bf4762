import { describe, expect, it } from 'vitest';
import { withoutFormatCharacters, withoutInvisible } from './plain-text';
import { line } from './text';
import { loginSchema } from './auth';
import { registerSchema } from './register';
import { checkLoginForm, checkRegisterForm } from './auth-forms';
import { createConversationSchema, renameConversationSchema } from './conversations';
import { createCoverArtSchema } from './cover';
import { calendarItemSchema, createMarketingPlanSchema } from './marketing';

/** ADR 032: invisible format characters are removed from every single-line field. */
describe('withoutFormatCharacters', () => {
  it.each([
    ['bidi embeddings and override U+202A..U+202E', 'a\u202Ab\u202Bc\u202Cd\u202De\u202Ef', 'abcdef'],
    ['bidi isolates U+2066..U+2069', '\u2066a\u2067b\u2068c\u2069', 'abc'],
    ['marks LRM, RLM, ALM', 'a\u200Eb\u200Fc\u061Cd', 'abcd'],
    ['zero-width space, joiner, non-joiner, word joiner, BOM', '\u200Ba\u200Db\u200C\u2060c\uFEFF', 'abc'],
    ['soft hyphen, Hangul filler, invisible times', 'soft\u00ADly \u3164x\u2062y', 'softly xy'],
    ['tags outside a flag', 'a\u{E0041}b', 'ab'],
    ['variation selector on a letter', 'a\uFE0Fb', 'ab'],
  ])('removes %s', (_what, input, output) => {
    expect(withoutFormatCharacters(input)).toBe(output);
  });

  it.each([
    ['a ZWJ emoji sequence with a skin tone', '👩🏽‍🎤'],
    ['a family', '👨‍👩‍👧'],
    ['an emoji with its presentation selector', '❤️'],
    ['a keycap', '1️⃣'],
    ["England's flag (tag sequence)", '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['a non-joiner inside a Persian word', 'می\u200Cخواهم'],
    ['accents and other scripts', 'Beyoncé – Ünïcödé – 日本語 – ٱلْعَرَبِيَّة'],
  ])('keeps %s', (_what, input) => {
    expect(withoutFormatCharacters(input)).toBe(input);
  });

  it('withoutInvisible removes every default-ignorable character, joiners in emoji too', () => {
    expect(withoutInvisible('ad\u200Dmin\u202E1\uFE0F')).toBe('admin1');
  });
});

describe('the schemas that take titles, names and usernames', () => {
  const dirty = '\u202EHook\u200B \u2066Song\u2069';
  it.each([
    ['line()', () => line('Title').parse(dirty)],
    ['a new conversation', () => createConversationSchema.parse({ category: 'chat', title: dirty }).title],
    ['a renamed conversation', () => renameConversationSchema.parse({ title: dirty }).title],
    ['a marketing plan', () => createMarketingPlanSchema.parse({ title: dirty, context: 'fans', releaseDate: '2030-01-01' }).title],
    [
      'a calendar item',
      () => calendarItemSchema.parse({ id: 'x', offsetDays: -3, kind: 'teaser', title: dirty, description: '' }).title,
    ],
    ['a cover title', () => createCoverArtSchema.parse({ prompt: 'dark', title: dirty }).title],
    ['a cover artist', () => createCoverArtSchema.parse({ prompt: 'dark', artist: dirty }).artist],
  ])('%s is stored as "Hook Song"', (_what, parse) => {
    expect(parse()).toBe('Hook Song');
  });

  it('usernames: the server schemas and the sign-in page agree', () => {
    const username = 'mc\u200B_\u202Eflow';
    expect(registerSchema.parse({ username, email: 'a@b.co', password: 'secret-pass' }).username).toBe('mc_flow');
    expect(loginSchema.parse({ username, password: 'secret-pass' }).username).toBe('mc_flow');
    const form = checkRegisterForm({ username, email: 'a@b.co', phoneNumber: '', password: 'secret-pass', confirmPassword: 'secret-pass' });
    expect(form.success && form.data.username).toBe('mc_flow');
    const login = checkLoginForm({ username, password: 'secret-pass' });
    expect(login.success && login.data.username).toBe('mc_flow');
    // Nothing visible left: too short, as the form says.
    expect(checkRegisterForm({ username: 'ab\u200B\u200B', email: 'a@b.co', phoneNumber: '', password: 'secret-pass', confirmPassword: 'secret-pass' }).errors.username).toBe(
      'Username must be at least 3 characters',
    );
  });
});
