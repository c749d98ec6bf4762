/**
 * Debian's Chromium, as every browser launch here starts it (the journeys through
 * playwright.config.ts and their Booth variants, Lighthouse in bench/): the system's binary, never
 * a downloaded one, with nothing running in the background that could reach the network or skew a
 * measure.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
