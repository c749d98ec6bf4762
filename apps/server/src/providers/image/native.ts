import { createRequire } from 'node:module';
import type SharpModule from 'sharp';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';

// The image libraries are native addons used only by cover art: loading sharp (libvips) at start
// cost a good part of the server's start-up time and some 30 MB. They load on first use instead.
const require = createRequire(import.meta.url);
let sharpModule: typeof SharpModule | undefined;
let resvgModule: { Resvg: typeof ResvgClass } | undefined;

/** sharp, loaded on the first call. */
export const sharp = ((...args: Parameters<typeof SharpModule>) => (sharpModule ??= require('sharp') as typeof SharpModule)(...args)) as typeof SharpModule;

/** resvg's renderer class, loaded on first use. */
export function loadResvg(): typeof ResvgClass {
  return (resvgModule ??= require('@resvg/resvg-js') as { Resvg: typeof ResvgClass }).Resvg;
}
