import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { clickOverChordWav, wavFile } from './e2e/audio';
import fs from 'node:fs';

const BASE = process.env.BASE!;
const rate = 48_000;
const samples = new Float32Array(rate * 4);
for (let i = 0; i < samples.length; i++) {
  const sinceBeat = i % (rate / 2);
  const click = sinceBeat < 0.02 * rate ? 0.7 * Math.exp(-sinceBeat / (0.004 * rate)) * Math.sin((2 * Math.PI * 1500 * sinceBeat) / rate) : 0;
  samples[i] = click + (i / rate % 2 < 1 ? 0.2 * Math.sin(2 * Math.PI * 220 * i / rate) : 0);
}
fs.writeFileSync('/tmp/shots/mic.wav', wavFile(samples, { sampleRate: rate, channels: 1 }));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--use-file-for-fake-audio-capture=/tmp/shots/mic.wav', '--autoplay-policy=no-user-gesture-required'] });
const ctx = await browser.newContext({ baseURL: BASE });
const page = await ctx.newPage();
const u = `shots${Date.now().toString(36)}`;
const reg = await page.request.post('/api/register', { data: { username: u, email: `${u}@example.com`, password: 'secret-pass-123' } });
console.log('register', reg.status());
const up = await page.request.post('/api/tracks/upload', { multipart: { audioFile: { name: 'Paper Plan.wav', mimeType: 'audio/wav', buffer: clickOverChordWav({ seconds: 8, bpm: 120 }) } } });
const { songId } = await up.json();
for (let i = 0; i < 200; i++) { const b = await (await page.request.get(`/api/songs/${songId}/booth`)).json(); if (b.backing) break; await page.waitForTimeout(200); }
for (const scheme of ['light', 'dark'] as const) {
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`/songs/${songId}/booth`);
    await page.getByRole('button', { name: 'Allow the microphone' }).click();
    const meter = page.getByRole('meter', { name: 'Microphone level' });
    for (let i = 0; i < 100 && Number(await meter.getAttribute('aria-valuenow')) <= -40; i++) await page.waitForTimeout(50);
    await page.waitForTimeout(300);
    await meter.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/booth-${w}-${scheme}.png` });
    await page.goto('/admin');
    const form = page.getByRole('form', { name: 'Record earnings' });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/ledger-${w}-${scheme}.png` });
  }
}
await browser.close();
