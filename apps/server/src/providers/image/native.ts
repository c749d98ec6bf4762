import { createRequire } from 'node:module';
import type SharpModule from 'sharp';
import type * as ResvgModule from '@resvg/resvg-js';

// The image libraries are native addons used only by cover art: loading sharp (libvips) at start
// cost a good part of the server's start-up time and some 30 MB. They load on first use instead.
const require = createRequire(import.meta.url);
let sharpModule: typeof SharpModule | undefined;
let resvgModule: typeof ResvgModule | undefined;

/**
 * sharp as the server uses it: libvips' operation cache off. Left on (its default: up to 50 MB and
 * 100 operations), it kept the last covers' nine-million-pixel images for good, though the server
 * never renders the same operation twice (the release page keeps its own results, ADR 050) (ADR 059).
 */
function loadSharp(): typeof SharpModule {
  if (!sharpModule) {
    sharpModule = require('sharp') as typeof SharpModule;
    sharpModule.cache(false);
  }
  return sharpModule;
}

/** sharp, loaded on the first call. */
export const sharp = ((...args: Parameters<typeof SharpModule>) => loadSharp()(...args)) as typeof SharpModule;

/** resvg (its renderer class and the off-thread `renderAsync`), loaded on first use. */
export function loadResvg(): typeof ResvgModule {
  return (resvgModule ??= require('@resvg/resvg-js') as typeof ResvgModule);
}
