import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanText, digits, hasControlCharacters, idString, line, text, wellFormed } from './text';
import { createConversationSchema, conversationListQuerySchema, idParamSchema, renameConversationSchema, sendMessageSchema } from './conversations';
import { loginSchema } from './auth';
import { registerSchema } from './register';
import { createLyricSnippetSchema, rhymeIdeasQuerySchema } from './lyrics';
import { setTranscriptionSchema } from './tracks';
import { aiTextSchema } from './ai';
import { pageQuerySchema } from './pagination';

/** What PostgreSQL refuses in text: NUL, and (as UTF-16) any lone surrogate. */
const storable = (s: string) => !s.includes('\u0000') && wellFormed(s) === s;

describe('wellFormed', () => {
  it.each([
    ['plain', 'plain'],
    ['a\uD800b', 'a\uFFFDb'],
    ['a\uDC00b', 'a\uFFFDb'],
    ['\uDC00\uD800', '\uFFFD\uFFFD'],
    ['end\uD83D', 'end\uFFFD'],
    ['🎤 mic', '🎤 mic'],
    ['\uD83C\uDFA4\uD83C', '🎤\uFFFD'],
  ])('%j -> %j', (input, expected) => {
    expect(wellFormed(input)).toBe(expected);
  });
});

describe('cleanText (multi-line text)', () => {
  it.each([
    ['a\u0000b', 'ab'],
    ['verse\r\n\tline\n', 'verse\r\n\tline\n'],
    ['\u0001\u0007\u0008\u000B\u000C\u000E\u001B[31m\u001F', '[31m'],
    ['del\u007F c1\u0080\u0085\u009F end', 'del c1 end'],
    ['a\uD800b\u0000', 'a\uFFFDb'],
    ['no\u00A0break é ß 🎶', 'no\u00A0break é ß 🎶'],
  ])('%j -> %j', (input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it('always leaves storable text and keeps tab and line breaks (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const out = cleanText(s);
        expect(storable(out)).toBe(true);
        expect(out.replace(/[\t\n\r]/g, '')).not.toMatch(/[\u0000-\u001F\u007F-\u009F]/);
        expect(out.match(/[\t\n\r]/g) ?? []).toEqual(s.match(/[\t\n\r]/g) ?? []);
      }),
    );
  });
});

describe('text() and line() builders', () => {
  it('text() strips before max(), so the limit applies to what is stored', () => {
    const schema = text().max(3);
    expect(schema.parse('ab\u0000\u0000')).toBe('ab');
    expect(schema.safeParse('abcd').success).toBe(false);
  });

  it('line() trims, replaces lone surrogates, and refuses control characters with the field name', () => {
    const schema = line('Title').max(10);
    expect(schema.parse('  Hook  ')).toBe('Hook');
    expect(schema.parse('Hook \uD800')).toBe('Hook \uFFFD');
    expect(schema.parse('Hook\n')).toBe('Hook');
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\rb', 'a\u001Bb', 'a\u0085b', 'a\u007Fb']) {
      const r = schema.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('Title cannot contain line breaks, tabs or control characters');
    }
  });

  it('hasControlCharacters sees C0, DEL and C1 but not ordinary characters', () => {
    expect(['\u0000', '\t', '\n', '\u007F', '\u0080', '\u009F'].every(hasControlCharacters)).toBe(true);
    expect(['a', ' ', '\u00A0', '\u2028', 'é', '🎤'].some(hasControlCharacters)).toBe(false);
  });
});

describe('ids and numbers in paths and query strings', () => {
  it.each(['1', '128', '2147483647'])('idString accepts %j', (s) => {
    expect(idString().parse(s)).toBe(Number(s));
  });

  it.each(['0x80', '12.8e1', '+128', ' 128', '128 ', '128.0', '0128', '0', '-1', '1e3', '', 'abc', '2147483648', '99999999999', '٣', 'Infinity'])(
    'idString refuses %j with Invalid ID',
    (s) => {
      const r = idString().safeParse(s);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toContain('Invalid ID');
    },
  );

  it('idParamSchema answers a number or Invalid ID', () => {
    expect(idParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(idParamSchema.safeParse({ id: '0x80' }).error?.issues[0]?.message).toBe('Invalid ID');
    expect(idParamSchema.safeParse({ id: 42 }).success).toBe(false);
  });

  it('digits() takes decimal digits only, within its range', () => {
    const schema = digits(0, 100);
    expect(schema.parse('0')).toBe(0);
    expect(schema.parse('100')).toBe(100);
    expect(schema.parse('007')).toBe(7);
    for (const bad of ['101', '-1', '+1', ' 1', '1.0', '1e1', '0x1', '', '1,5']) expect(schema.safeParse(bad).success, bad).toBe(false);
  });

  it.each([pageQuerySchema, conversationListQuerySchema])('page queries default and take digits only', (schema) => {
    expect(schema.parse({})).toMatchObject({ limit: 50, offset: 0 });
    expect(schema.parse({ limit: '10', offset: '20' })).toMatchObject({ limit: 10, offset: 20 });
    for (const limit of ['0x10', '1e1', '+10', ' 10', '10.0', '0', '201']) expect(schema.safeParse({ limit }).success, limit).toBe(false);
    for (const offset of ['0x10', '-0', '1e1', '1_000']) expect(schema.safeParse({ offset }).success, offset).toBe(false);
  });

  it('rhyme syllables take digits only', () => {
    expect(rhymeIdeasQuerySchema.parse({ word: 'night', syllables: '3' }).syllables).toBe(3);
    for (const syllables of ['0x3', '3.0', '+3', ' 3', '9']) expect(rhymeIdeasQuerySchema.safeParse({ word: 'night', syllables }).success, syllables).toBe(false);
  });
});

describe('every free-text request schema is storable on both databases', () => {
  it('strips controls from multi-line text and keeps line breaks', () => {
    expect(sendMessageSchema.parse({ content: 'hi\u0000 there\uD800\nnext' }).content).toBe('hi there\uFFFD\nnext');
    expect(createLyricSnippetSchema.parse({ content: 'bar\u0000 one\r\nbar two', position: 0 }).content).toBe('bar one\r\nbar two');
    expect(setTranscriptionSchema.parse({ transcription: ' la\u0000 la\u0007 ' }).transcription).toBe('la la');
    expect(aiTextSchema.parse({ prompt: 'beat\u001B idea' }).prompt).toBe('beat idea');
  });

  it('a message of nothing but controls is empty', () => {
    expect(sendMessageSchema.safeParse({ content: '\u0000\u0001' }).error?.issues[0]?.message).toBe('Message cannot be empty');
  });

  it('refuses controls in single-line fields with a field message', () => {
    expect(renameConversationSchema.safeParse({ title: 'a\u0000b' }).error?.issues[0]).toMatchObject({
      path: ['title'],
      message: 'Title cannot contain line breaks, tabs or control characters',
    });
    expect(createConversationSchema.safeParse({ title: 'a\nb' }).success).toBe(false);
    expect(conversationListQuerySchema.safeParse({ q: 'a\u0000' }).success).toBe(false);
    const base = { username: 'artist', email: 'a@example.com', password: 'secret-pass' };
    expect(registerSchema.safeParse({ ...base, username: 'art\u0000ist' }).error?.issues[0]?.path).toEqual(['username']);
    expect(registerSchema.safeParse({ ...base, email: 'a\u0000@example.com' }).error?.issues[0]?.path).toEqual(['email']);
    expect(registerSchema.safeParse({ ...base, phoneNumber: '555\u00000100' }).error?.issues[0]).toMatchObject({
      path: ['phoneNumber'],
      message: 'Phone number cannot contain line breaks, tabs or control characters',
    });
    expect(loginSchema.safeParse({ username: 'art\u0000ist', password: 'secret-pass' }).success).toBe(false);
    expect(rhymeIdeasQuerySchema.safeParse({ word: 'ni\u0000ght' }).success).toBe(false);
  });

  it('whatever a single-line field accepts is storable (property)', () => {
    const title = renameConversationSchema.shape.title;
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const r = title.safeParse(s);
        if (r.success) expect(storable(r.data) && !hasControlCharacters(r.data)).toBe(true);
      }),
    );
  });
});
