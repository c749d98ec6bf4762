import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, sidebar, test, uniqueAccount } from './fixtures';

/**
 * axe-core on every page and state, in both themes: no violation of impact 'serious' or
 * 'critical'. axe skips disabled controls (WCAG exempts them); artists still have to read them,
 * so their text is checked here too (>= 4.5:1). And every control reached with Tab shows a focus
 * ring. Each state is checked with the system in light, then in dark (the theme follows it live).
 */

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

// Fades and slides finish at once, so axe measures the final colours.
test.use({ reducedMotion: 'reduce' });
// Each state is analysed twice (light, dark); a page of several states takes a while.
test.describe.configure({ timeout: 120_000 });

/** axe's rules whose outcome depends on colours: all that can change when only the theme does. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function expectNoSeriousViolations(page: Page, state: string, rules?: string[]) {
  // A page without frames is scanned in axe's single-pass mode. The default mode finishes every
  // scan in a new blank page (a new renderer process, axe's 500 kB source parsed again), which was
  // about 40 % of this suite's CPU (ADR 069); it is needed only to reach into frames, so a
  // page that has any is scanned that way.
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(rules ? 0 : 10);
  // Lesser findings are listed in the report, not failed.
  const minor = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length > 0) {
    test.info().annotations.push({ type: `axe (${state})`, description: minor.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; ') });
  }
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`),
  );
  expect(report, `axe found serious or critical violations (${state}):\n${report.join('\n')}`).toEqual([]);
}

const DISABLED_CONTROLS =
  'button:disabled, input:disabled:not([type=radio]):not([type=checkbox]), textarea:disabled, select:disabled, [aria-disabled="true"]';

/** Text contrast of the visible disabled controls (axe skips them), measured as drawn. */
async function expectReadableDisabledControls(page: Page, state: string) {
  await expectReadableText(page, DISABLED_CONTROLS, `disabled controls, ${state}`);
}

/** Text contrast (>= 4.5:1) of the visible elements matching selector, measured as drawn (opacity included). */
async function expectReadableText(page: Page, selector: string, state: string) {
  const controls = await page.evaluate((selector) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    /** Any CSS colour (rgb, oklab, color-mix results) as sRGB 0..255 plus alpha 0..1. */
    const rgba = (color: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return { r, g, b, a: a / 255 };
    };
    const over = (top: ReturnType<typeof rgba>, bottom: ReturnType<typeof rgba>) => ({
      r: top.r * top.a + bottom.r * (1 - top.a),
      g: top.g * top.a + bottom.g * (1 - top.a),
      b: top.b * top.a + bottom.b * (1 - top.a),
      a: 1,
    });
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    /** The background an element is drawn on: its own and its ancestors' backgrounds, composed. */
    const background = (el: Element) => {
      const layers: ReturnType<typeof rgba>[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c.a > 0) layers.push(c);
        if (c.a >= 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), rgba(getComputedStyle(document.body).backgroundColor));
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    return [...document.querySelectorAll(selector)]
      .filter((el) => el.checkVisibility({ opacityProperty: false, visibilityProperty: true }) && el.getClientRects().length > 0)
      .map((el) => {
        const bg = background(el);
        const fg = over({ ...rgba(getComputedStyle(el).color), a: rgba(getComputedStyle(el).color).a * opacity(el) }, bg);
        const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
        return { control: `${el.tagName.toLowerCase()} "${name}"`, ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100 };
      });
  }, selector);
  const low = controls.filter((c) => c.ratio < 4.5).map((c) => `${c.control}: ${c.ratio}:1`);
  expect(low, `text under 4.5:1 (${state}):\n${low.join('\n')}`).toEqual([]);
  return controls;
}

/**
 * Lyric Assist draws the rhyme colours in a layer under a transparent textarea, where axe cannot
 * judge them ('incomplete'): the marked words and the scheme chips are measured here.
 */
async function expectReadableRhymeMarks(page: Page, state: string) {
  const marks = await expectReadableText(page, '[data-testid="rhyme-mark"], [data-testid="scheme-letter"]', `rhyme marks, ${state}`);
  expect(marks.length, 'rhyme marks on the page').toBeGreaterThan(0);
}

async function useScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${scheme}(\\s|$)`));
}

/** The page's markup without its classes and inline styles: what a theme may not change. */
function markupWithoutStyles(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const el of [copy, ...copy.querySelectorAll('*')]) {
      el.removeAttribute('class');
      el.removeAttribute('style');
    }
    return copy.outerHTML;
  });
}

/**
 * Checks the page as it is now, with the system light and then dark. The dark pass runs axe's
 * colour rules only when the markup is the same as in the light pass (the theme changed classes
 * and colours, nothing else): every other rule would find what it found in light. Markup that
 * differs gets every rule again (ADR 062).
 */
async function expectAccessibleInBothThemes(page: Page, state: string) {
  let lightMarkup: string | undefined;
  for (const scheme of SCHEMES) {
    await useScheme(page, scheme);
    const markup = await markupWithoutStyles(page);
    const colourOnly = markup === lightMarkup;
    if (lightMarkup !== undefined) test.info().annotations.push({ type: `axe, ${state}, ${scheme}`, description: colourOnly ? 'colour rules (markup as in light)' : 'every rule (markup differs from light)' });
    await expectNoSeriousViolations(page, `${state}, ${scheme}`, colourOnly ? COLOUR_RULES : undefined);
    lightMarkup ??= markup;
    await expectReadableDisabledControls(page, `${state}, ${scheme}`);
  }
}

/** Tabs through the page from the top: every control that takes focus shows a ring of >= 2 px. */
async function expectFocusRings(page: Page, state: string, maxStops = 40) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"#${[...document.querySelectorAll('*')].indexOf(el)}`;
      // The ring may be drawn by the control, its label, or the field around it (focus-within).
      for (let e: Element | null = el, depth = 0; e && depth < 4; e = e.parentElement, depth++) {
        const style = getComputedStyle(e);
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) return { name, ok: true };
      }
      return { name, ok: false };
    });
    if (!stop || seen.has(stop.name)) break;
    seen.add(stop.name);
    if (!stop.ok) missing.push(stop.name);
  }
  expect(seen.size, `Tab reached controls (${state})`).toBeGreaterThan(0);
  expect(missing, `controls without a visible focus ring (${state})`).toEqual([]);
}

/** A short 16-bit PCM WAV made here: a 440 Hz tone with a click every half second. */
function toneWav(seconds = 3, sampleRate = 22_050): Buffer {
  const frames = seconds * sampleRate;
  const wav = Buffer.alloc(44 + frames * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + frames * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++) {
    const click = i % (sampleRate / 2) < 400 ? 0.6 * Math.sin((2 * Math.PI * 1000 * i) / sampleRate) : 0;
    const v = 0.2 * Math.sin((2 * Math.PI * 440 * i) / sampleRate) + click;
    wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), 44 + i * 2);
  }
  return wav;
}

const VERSE = ['I been on the grind all night', 'trying to get my money right', 'never let them dim my light', 'keep my vision in my sight'].join('\n');

async function createConversation(page: Page, title: string, category = 'chat'): Promise<number> {
  const res = await page.request.post('/api/conversations', { data: { title, category } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.describe('signed out', () => {
  test('sign in and register', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectAccessibleInBothThemes(page, '/auth, Login');
    await expectFocusRings(page, '/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await expectAccessibleInBothThemes(page, '/auth, Register');
    // Sending the empty form shows the inline errors.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessibleInBothThemes(page, '/auth, Register with errors');
  });

  test('invitation, checkout and Page Not Found', async ({ page }) => {
    for (const [url, heading] of [
      ['/invitation', /Members Only membership/],
      ['/simple-checkout', 'Complete your membership'],
      ['/no-such-page', 'Page Not Found'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessibleInBothThemes(page, url);
    }
    await expectFocusRings(page, '/no-such-page');
  });
});

test.describe('signed in', () => {
  test('home, with its focus rings in both themes', async ({ page, user: _user }) => {
    await createConversation(page, 'Release plan for the summer single and the remix that follows it');
    await createConversation(page, 'Night Drive verse', 'lyrics');
    await createConversation(page, 'Trap beat 140', 'studio');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Artist Tools' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Trap beat 140' })).toBeAttached();
    await expectAccessibleInBothThemes(page, 'home');
    for (const scheme of SCHEMES) {
      await useScheme(page, scheme);
      await expectFocusRings(page, `home, ${scheme}`, 60);
    }
  });

  test('AI Chat: empty (Send disabled) and with a reply', async ({ page, user: _user }) => {
    await page.goto('/chat');
    const send = page.getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();
    await expectAccessibleInBothThemes(page, '/chat, empty');

    await page.getByRole('textbox', { name: 'Message' }).fill('What is a split sheet?');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Assistant reply' });
    await expect(reply.getByRole('heading', { name: 'Splits and split sheets' })).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    await expect(send).toBeDisabled();
    await expectAccessibleInBothThemes(page, '/chat/:id with a reply');
    await expectFocusRings(page, '/chat/:id', 60);
  });

  test('Lyric Assist: empty notepad, then text with feedback and suggestions', async ({ page, user: _user }) => {
    await page.goto('/lyrics');
    await expect(page.getByRole('heading', { level: 1, name: 'Lyric Assist' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Lyrics' })).toBeDisabled();
    await expectAccessibleInBothThemes(page, '/lyrics, empty');

    await page.getByRole('textbox', { name: 'Lyrics' }).fill(VERSE);
    await expect(page.getByTestId('feedback-score')).toHaveText(/^\d+(\.\d)?\/10$/);
    await expect(page.getByTestId('suggestions-panel').getByRole('listitem').first()).toBeVisible();
    await expectAccessibleInBothThemes(page, '/lyrics with text and results');
    for (const scheme of SCHEMES) {
      await useScheme(page, scheme);
      await expectReadableRhymeMarks(page, `/lyrics, ${scheme}`);
    }
  });

  test('Song Review with a track', async ({ page, user: _user }) => {
    await page.goto('/review');
    await expect(page.getByRole('heading', { name: 'No track selected' })).toBeVisible();
    await expectAccessibleInBothThemes(page, '/review, no track');

    const res = await page.request.post('/api/tracks/upload', {
      multipart: { audioFile: { name: 'Night Drive.wav', mimeType: 'audio/wav', buffer: toneWav() } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const track = (await res.json()) as { id: number };
    await page.goto(`/review?track=${track.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Night Drive' })).toBeVisible();
    await expect(page.locator('[data-fact="Duration"] dd')).toHaveText('0:03', { timeout: 20_000 });
    await expectAccessibleInBothThemes(page, '/review with a track');
  });

  test('Songs and a song page with two versions, a review, a cover and a plan (issue 26)', async ({ page, user: _user }) => {
    test.setTimeout(90_000);
    await page.goto('/songs');
    await expect(page.getByText('No songs yet. Upload a track to start one.')).toBeVisible();
    await expectAccessibleInBothThemes(page, '/songs, empty');
    const first = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'Night Drive.wav', mimeType: 'audio/wav', buffer: toneWav() } } });
    expect(first.status(), await first.text()).toBe(201);
    const track = (await first.json()) as { id: number; songId: number };
    expect((await page.request.put(`/api/tracks/${track.id}/transcription`, { data: { transcription: 'Rain on the window, neon on the chrome' } })).status()).toBe(200);
    const saved = await page.request.post(`/api/tracks/${track.id}/reviews`, { data: { reviewText: '**Flow: 7/10**\n**Lyrics: 6/10**', rating: 6.5 } });
    expect(saved.status(), await saved.text()).toBe(201);
    expect((await page.request.post('/api/coverarts', { data: { prompt: 'Neon rain', songId: track.songId } })).status()).toBe(201);
    expect((await page.request.post('/api/marketing', { data: { songId: track.songId, context: 'Atlanta, TikTok first' } })).status()).toBe(201);
    const second = await page.request.post('/api/tracks/upload', {
      multipart: { songId: String(track.songId), audioFile: { name: 'Night Drive mix 2.wav', mimeType: 'audio/wav', buffer: toneWav() } },
    });
    expect(second.status(), await second.text()).toBe(201);
    await page.goto('/songs');
    await expect(page.getByTestId('song-list').getByRole('link')).toHaveCount(1);
    await expectAccessibleInBothThemes(page, '/songs with a song');
    await page.goto(`/songs/${track.songId}`);
    await expect(page.getByTestId('song-version')).toHaveCount(2);
    await expect(page.getByTestId('loudness-chart')).toHaveCount(2, { timeout: 20_000 });
    await expectAccessibleInBothThemes(page, '/songs/:id');
  });

  test('Cover Art: the upload step and a finished cover with its checklist and versions', async ({ page, user: _user }) => {
    test.setTimeout(90_000);
    await page.goto('/cover-art');
    await expect(page.getByRole('heading', { level: 1, name: 'Cover Art' })).toBeVisible();
    await expectAccessibleInBothThemes(page, '/cover-art upload');
    const res = await page.request.post('/api/tracks/upload', {
      multipart: { audioFile: { name: 'Night Drive.wav', mimeType: 'audio/wav', buffer: toneWav() } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const track = (await res.json()) as { id: number };
    const lyrics = await page.request.put(`/api/tracks/${track.id}/transcription`, { data: { transcription: 'Rain on the window, neon on the chrome' } });
    expect(lyrics.status()).toBe(200);
    const created = await page.request.post('/api/coverarts', { data: { prompt: 'Neon rain', title: 'Night Drive', trackId: track.id } });
    expect(created.status(), await created.text()).toBe(201);
    const cover = (await created.json()) as { id: number; conversationId: number };
    const restyled = await page.request.post('/api/coverarts', { data: { prompt: 'Neon rain', mode: 'restyle', parentId: cover.id, style: 'street-art' } });
    expect(restyled.status()).toBe(201);
    await page.goto(`/cover-art/${cover.conversationId}`);
    await expect(page.getByTestId('cover-image')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Versions' }).getByRole('button')).toHaveCount(2);
    await expectAccessibleInBothThemes(page, '/cover-art complete');
  });

  test('Studio: a new session with its empty library', async ({ page, user: _user }) => {
    await page.goto('/studio');
    await expect(page.getByRole('heading', { level: 1, name: 'Music Studio' })).toBeVisible();
    await expect(page.getByText('Generate your first beat to get started')).toBeVisible();
    await expectAccessibleInBothThemes(page, '/studio');
  });

  test('Studio: a beat with its downloads, variation and extension', async ({ page, user: _user }) => {
    const made = await page.request.post('/api/studio/generate', { data: { prompt: 'a11y beat, 10 seconds', model: 'rap', seed: 3 } });
    expect(made.status()).toBe(201);
    await page.goto('/studio');
    await expect(page.getByTestId('beat-item').getByRole('link', { name: 'Stems' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make a variation' })).toBeVisible();
    await expectAccessibleInBothThemes(page, '/studio with a beat');
  });

  test('Marketing Plan: the empty form', async ({ page, user: _user }) => {
    for (const [url, title] of [
      ['/marketing', 'Marketing Plan'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectAccessibleInBothThemes(page, url);
    }
  });

  test('Payouts: the empty page, a card form with errors, and saved methods', async ({ page, user: _user }) => {
    await page.goto('/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await expect(page.getByText('No payment methods yet.')).toBeVisible();
    await expectAccessibleInBothThemes(page, '/payouts, empty');

    await page.getByRole('radio', { name: 'Card' }).click();
    await page.getByLabel('Card number').fill('4111111111111112');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await expect(page.getByText('Card number is not valid: check the digits for a typo')).toBeVisible();
    await expectAccessibleInBothThemes(page, '/payouts, card form with errors');

    for (const data of [
      { type: 'bank_account', accountType: 'checking', accountName: 'A11y Artist', accountNumber: '000123456789', bankName: 'First Bank' },
      { type: 'card', accountName: 'A11y Artist', accountNumber: '5555555555554444', bankName: 'Issuer', cardType: 'mastercard', isDefault: false },
    ]) {
      expect((await page.request.post('/api/payment-methods', { data })).status()).toBe(201);
    }
    await page.goto('/payouts');
    await expect(page.getByText('Mastercard •••• 4444')).toBeVisible();
    await expectAccessibleInBothThemes(page, '/payouts with saved methods');
  });

  test('conversation menu, rename and delete dialogs', async ({ page, user: _user }) => {
    const id = await createConversation(page, 'Beat budget');
    await page.goto(`/chat/${id}`);
    const recent = sidebar(page).getByRole('region', { name: 'Recent Chats' });
    await recent.getByRole('link', { name: 'Beat budget' }).hover();
    await recent.getByRole('button', { name: 'Actions for Beat budget' }).click();
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'conversation menu open');

    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename conversation' });
    await expect(rename).toBeVisible();
    await expectAccessibleInBothThemes(page, 'rename dialog');
    await rename.getByRole('button', { name: 'Cancel' }).click();
    await expect(rename).toBeHidden();

    await recent.getByRole('link', { name: 'Beat budget' }).hover();
    await recent.getByRole('button', { name: 'Actions for Beat budget' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete conversation?' });
    await expect(confirm).toBeVisible();
    await expectAccessibleInBothThemes(page, 'delete dialog');
  });

  test('a theme chosen with the switcher, against the system setting', async ({ page, user: _user }) => {
    for (const [system, chosen] of [
      ['light', 'Dark'],
      ['dark', 'Light'],
    ] as const) {
      const state = `${chosen} chosen on a ${system} system`;
      await page.emulateMedia({ colorScheme: system });
      await page.goto('/chat');
      await sidebar(page).getByRole('radio', { name: chosen }).check();
      await expect(page.locator('html')).toHaveClass(new RegExp(`(^|\\s)${chosen.toLowerCase()}(\\s|$)`));
      await expectNoSeriousViolations(page, `/chat, ${state}`);
      await expectReadableDisabledControls(page, `/chat, ${state}`);

      // Lyric Assist's rhyme colours follow the chosen theme, not the system's.
      await page.goto('/lyrics');
      await page.getByRole('textbox', { name: 'Lyrics' }).fill(VERSE);
      await expect(page.getByTestId('feedback-score')).toBeVisible();
      await expectNoSeriousViolations(page, `/lyrics, ${state}`);
      await expectReadableRhymeMarks(page, `/lyrics, ${state}`);
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('home, the menu drawer and a tool page', async ({ page, user: _user }) => {
    await createConversation(page, 'Release plan for the summer single and the remix that follows it');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Artist Tools' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'home on a phone');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'menu drawer on a phone');
    await expectFocusRings(page, 'menu drawer on a phone');

    await page.keyboard.press('Escape');
    await page.goto('/chat');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expectAccessibleInBothThemes(page, '/chat on a phone');
  });
});

/** Registers the fresh server's first account (its admin) in a new context of `browser`. */
async function signUpFirstAccount(browser: Browser, baseURL: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const res = await page.request.post('/api/register', { data: uniqueAccount() });
  expect(res.status(), await res.text()).toBe(201);
  expect(((await res.json()) as { isAdmin: boolean }).isAdmin).toBe(true);
  return { page, context };
}

/** An app server on its own fresh database, so the account registered here is the first: the admin. */
async function startFreshServer() {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-e2e-admin-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.AI_BASE_URL;
  const main = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (i > 150 || child.exitCode !== null) throw new Error('the admin test server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test.describe('admin', () => {
  // Each test has a fresh server of its own, whose first account is the admin. The dashboard's
  // states and the ledger's were one test; with some twenty axe runs it took over 240 s on a loaded
  // 2-core CI machine, so they are two, and the two workers can take them side by side.
  test('the admin dashboard, as the first registered user', async ({ browser }) => {
    // Seven states, each checked in both themes.
    test.setTimeout(240_000);
    const server = await startFreshServer();
    try {
      const { page, context } = await signUpFirstAccount(browser, server.url);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
      await expect(page.getByText('Generations today, by tool')).toBeVisible();
      await expectAccessibleInBothThemes(page, '/admin (Overview)');
      await page.getByRole('tab', { name: 'Users' }).click();
      await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
      await expectAccessibleInBothThemes(page, '/admin');
      // Each tab, and a user's detail.
      for (const [tab, ready] of [
        ['Tracks', page.getByText('No tracks found')],
        ['Cover Arts', page.getByText('No cover arts found')],
        ['Audit log', page.getByText('Nothing recorded yet')],
        ['Services', page.getByRole('heading', { level: 2, name: 'Services' })],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(ready).toBeVisible();
        if (tab === 'Services') await page.waitForLoadState('networkidle');
        await expectAccessibleInBothThemes(page, `/admin (${tab})`);
      }
      await page.getByRole('tab', { name: 'Users' }).click();
      await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).getByRole('button').click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Grant Premium' })).toBeVisible();
      await expectAccessibleInBothThemes(page, '/admin (user detail)');
      await context.close();
    } finally {
      await server.stop();
    }
  });

  test('the earnings ledger and the artist’s payouts, as the first registered user', async ({ browser }) => {
    // Four states, each checked in both themes.
    test.setTimeout(240_000);
    const server = await startFreshServer();
    try {
      const { page, context } = await signUpFirstAccount(browser, server.url);
      // The earnings ledger with an artist chosen: its forms and history.
      const me = (await (await page.request.get('/api/user')).json()) as { id: number; username: string };
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Earnings' }).click();
      await page.getByLabel('Artist', { exact: true }).selectOption({ label: me.username });
      await expect(page.getByText(`Nothing recorded for ${me.username} yet.`)).toBeVisible();
      await expectAccessibleInBothThemes(page, '/admin, earnings ledger of an artist');
      // With earnings recorded (the admin is an artist too): the balance, history and a statement.
      const earning = { amountMinor: 12_345, currency: 'USD', source: 'Spotify', period: '2026-09', note: 'Streams' };
      expect((await page.request.post(`/api/admin/users/${me.id}/earnings`, { data: earning })).status()).toBe(201);
      // And one reversed, so the history and the statement show a correction beside its original.
      const twice = (await (await page.request.post(`/api/admin/users/${me.id}/earnings`, { data: { ...earning, amountMinor: 500 } })).json()) as { id: number };
      expect((await page.request.post(`/api/admin/ledger/${twice.id}/reverse`, { data: { reason: 'Reported twice' } })).status()).toBe(201);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Earnings' }).click();
      await page.getByLabel('Artist', { exact: true }).selectOption({ label: me.username });
      const ledger = page.getByRole('region', { name: 'Earnings ledger' });
      await ledger.getByLabel('Statement (columns period, source, amount, currency, note)').fill('period,source,amount,currency\n2026-10,Spotify,1.234,USD\n2026-10,Tidal\n');
      await ledger.getByRole('button', { name: 'Import statement' }).click();
      await expect(ledger.getByRole('alert', { name: 'Statement errors' }).getByRole('listitem')).toHaveCount(2);
      await ledger.getByRole('button', { name: 'Reverse Spotify · 2026-09 +$123.45' }).click();
      await expect(ledger.getByLabel('Reason for the correction')).toBeFocused();
      await expectAccessibleInBothThemes(page, '/admin, earnings ledger with statement errors and a reversal');
      await page.goto('/payouts');
      await expect(page.getByTestId('balance-USD')).toHaveText('$123.45');
      await expectAccessibleInBothThemes(page, '/payouts with earnings');
      await page.goto('/payouts/statement/2026-09');
      await expect(page.getByRole('heading', { level: 1, name: 'Statement for September 2026' })).toBeVisible();
      await expectAccessibleInBothThemes(page, '/payouts/statement/2026-09');
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
