import fs from 'node:fs';
import { createRequire } from 'node:module';
import { readFontMetrics, type CoverFontFamily, type CoverFonts } from '@members-only/engines/cover';

/** The bundled typefaces (SIL Open Font License), installed by npm with the server: nothing is downloaded at run time. */
const FILES: Record<CoverFontFamily, string> = {
  Anton: '@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf',
  'Abril Fatface': '@expo-google-fonts/abril-fatface/400Regular/AbrilFatface_400Regular.ttf',
  'Permanent Marker': '@expo-google-fonts/permanent-marker/400Regular/PermanentMarker_400Regular.ttf',
  'Space Mono': '@expo-google-fonts/space-mono/700Bold/SpaceMono_700Bold.ttf',
};

export interface LoadedFonts {
  /** Paths of the font files, for the rasteriser. */
  files: string[];
  metrics: CoverFonts;
}

let loaded: LoadedFonts | undefined;

export function coverFonts(): LoadedFonts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const entries = Object.entries(FILES) as Array<[CoverFontFamily, string]>;
  const files = entries.map(([, file]) => require.resolve(file));
  const metrics = Object.fromEntries(entries.map(([family], i) => [family, readFontMetrics(family, fs.readFileSync(files[i]!))])) as CoverFonts;
  loaded = { files, metrics };
  return loaded;
}
