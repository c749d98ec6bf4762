import { pitchClassOf, type BeatStyle, type Mode } from './theory';

/** Instruments the description can ask for. */
export type Instrument = '808' | 'piano' | 'guitar' | 'strings' | 'synth' | 'bells';
export const INSTRUMENTS: readonly Instrument[] = ['808', 'piano', 'guitar', 'strings', 'synth', 'bells'];

export type Mood = 'dark' | 'happy' | 'chill' | 'energetic' | 'sad';

/** Each style's conventions: tempo range and default feel. */
export interface StyleConventions {
  label: string;
  /** The style in a beat's name ('Dark trap, F# minor, 142'). */
  name: string;
  bpm: { min: number; max: number };
  /** 16th-note swing, as a fraction of a 16th (0 = straight). */
  swing: number;
  mode: Mode;
  /** Keys and lead sounds when the description names none. */
  keys: Instrument;
  lead: Instrument;
  bass: '808' | 'bass';
}

export const STYLE_CONVENTIONS: Record<BeatStyle, StyleConventions> = {
  rap: { name: 'rap', label: 'Rap/Hip-Hop', bpm: { min: 85, max: 95 }, swing: 0.16, mode: 'minor', keys: 'piano', lead: 'bells', bass: 'bass' },
  trap: { name: 'trap', label: 'Trap', bpm: { min: 130, max: 150 }, swing: 0, mode: 'minor', keys: 'strings', lead: 'bells', bass: '808' },
  pop: { name: 'pop', label: 'Pop', bpm: { min: 100, max: 120 }, swing: 0, mode: 'major', keys: 'piano', lead: 'synth', bass: 'bass' },
  dance: { name: 'dance', label: 'Dance/Electronic', bpm: { min: 120, max: 128 }, swing: 0, mode: 'minor', keys: 'synth', lead: 'synth', bass: 'bass' },
  lofi: { name: 'lo-fi', label: 'Lo-Fi', bpm: { min: 70, max: 90 }, swing: 0.24, mode: 'major', keys: 'piano', lead: 'guitar', bass: 'bass' },
  // UK/NY drill: half-time at 138-145, sliding 808s, syncopated snares, triplet hats.
  drill: { name: 'drill', label: 'Drill', bpm: { min: 138, max: 145 }, swing: 0, mode: 'minor', keys: 'piano', lead: 'bells', bass: '808' },
  // Afrobeats: 100-115, a shaker running 16ths and a log-drum bass on the off-beats.
  afrobeats: { name: 'afrobeats', label: 'Afrobeats', bpm: { min: 100, max: 115 }, swing: 0.08, mode: 'major', keys: 'guitar', lead: 'synth', bass: 'bass' },
  // R&B: slow (65-75), lush seventh chords held under a soft groove.
  rnb: { name: 'R&B', label: 'R&B', bpm: { min: 65, max: 75 }, swing: 0.12, mode: 'minor', keys: 'strings', lead: 'piano', bass: 'bass' },
  // Jersey club: 135-145, kick triplets closing the bar.
  jersey: { name: 'jersey club', label: 'Jersey Club', bpm: { min: 135, max: 145 }, swing: 0, mode: 'minor', keys: 'synth', lead: 'bells', bass: 'bass' },
};

/** Words that name a style, most specific first ('UK drill' is drill, not trap; 'afro trap' is afrobeats). */
const STYLE_WORDS: [BeatStyle, RegExp][] = [
  ['drill', /\bdrill\b/],
  ['jersey', /\bjersey\b|\bclub beat\b/],
  ['afrobeats', /\bafro\s?-?(?:beats?|pop|swing|fusion)?\b|\bamapiano\b|\bnaija\b/],
  ['rnb', /\br\s?&\s?b\b|\br ?'?n'? ?b\b|\brnb\b|\brhythm and blues\b|\bneo[- ]?soul\b/],
  ['lofi', /\blo-?\s?fi\b/],
  ['trap', /\btrap\b/],
  ['dance', /\b(?:edm|house|techno|electronic|dance music)\b/],
  ['pop', /\bpop\b/],
  ['rap', /\b(?:boom[- ]?bap|hip[- ]?hop|rap)\b/],
];

/** What the description asks for; anything it does not say is left undefined for the planner. */
export interface BeatRequestReading {
  /** A style the description names; it wins over the one chosen in the dropdown. */
  style?: BeatStyle;
  bpm?: number;
  tonic?: number;
  mode?: Mode;
  mood?: Mood;
  instruments: Instrument[];
  lengthSec?: number;
  /** Everything the reader understood, in words, for the beat's notes. */
  understood: string[];
}

const MOOD_WORDS: Record<Mood, RegExp> = {
  dark: /\b(dark|sinister|evil|menacing|hard|grimy|gritty|aggressive|eerie|spooky|haunting|moody|gangsta|street)\b/,
  sad: /\b(sad|melanchol\w*|emotional|heartbreak|pain|lonely|somber|sombre|nostalgic)\b/,
  happy: /\b(happy|bright|uplifting|joyful|sunny|summer|feel[- ]?good|upbeat|cheerful|positive|bouncy|party)\b/,
  chill: /\b(chill|relax\w*|smooth|mellow|calm|jazzy|dreamy|laid[- ]?back|soft|study)\b/,
  energetic: /\b(energetic|hype|banger|intense|driving|club|festival|epic)\b/,
};

const INSTRUMENT_WORDS: Record<Instrument, RegExp> = {
  '808': /\b808s?\b/,
  piano: /\b(piano|keys|rhodes|e-?piano)\b/,
  guitar: /\b(guitars?|acoustic)\b/,
  strings: /\b(strings?|violins?|cello|orchestra\w*|pads?)\b/,
  synth: /\b(synths?|synthesi[sz]er|saw|lead|arp\w*)\b/,
  bells: /\b(bells?|chimes?|music ?box|glockenspiel|plucks?)\b/,
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Shortest and longest beats the engine renders, seconds. */
export const MIN_LENGTH_SEC = 10;
export const MAX_LENGTH_SEC = 240;

/**
 * Reads a free-text beat description: tempo ("140 bpm", "tempo 90"), key ("in F# minor", "Am",
 * "Eb major"), mood words, instruments and length ("90 seconds", "2 minutes", "1:30").
 */
export function readBeatDescription(description: string): BeatRequestReading {
  const text = ` ${description.toLowerCase()} `;
  const understood: string[] = [];
  const reading: BeatRequestReading = { instruments: [], understood };

  for (const [style, words] of STYLE_WORDS) {
    if (words.test(text)) { reading.style = style; understood.push(STYLE_CONVENTIONS[style].label); break; }
  }

  const bpm = /(\d{2,3}(?:\.\d+)?)\s*(?:bpm|beats per minute)\b/.exec(text) ?? /\btempo\s*(?:of\s*)?(\d{2,3})\b/.exec(text);
  if (bpm) {
    const value = Number(bpm[1]);
    if (value >= 40 && value <= 240) { reading.bpm = value; understood.push(`${value} BPM`); }
  }

  // Key: "in C# minor", "key of Bb", "A minor", "Ebm", "F#maj". Bare letters need a mode word or "key".
  const key =
    /\b([a-g])\s*([#♯b♭]|sharp|flat)?\s*(major|minor|maj|min|m)\b/.exec(text) ??
    /\bkey\s*(?:of\s*)?([a-g])\s*([#♯b♭]|sharp|flat)?(?![a-z])/.exec(text);
  if (key) {
    const accidental = key[2] === 'sharp' ? '#' : key[2] === 'flat' ? 'b' : (key[2] ?? '');
    const tonic = pitchClassOf(key[1] + accidental);
    if (tonic !== undefined) {
      reading.tonic = tonic;
      const m = key[3];
      if (m) reading.mode = m === 'major' || m === 'maj' ? 'major' : 'minor';
      understood.push(`key ${key[1].toUpperCase()}${accidental}${reading.mode ? ` ${reading.mode}` : ''}`);
    }
  }
  if (!reading.mode && /\bminor\b/.test(text)) reading.mode = 'minor';
  if (!reading.mode && /\bmajor\b/.test(text)) reading.mode = 'major';

  for (const mood of Object.keys(MOOD_WORDS) as Mood[]) {
    if (MOOD_WORDS[mood].test(text)) { reading.mood = mood; understood.push(`${mood} mood`); break; }
  }

  for (const instrument of INSTRUMENTS) {
    if (INSTRUMENT_WORDS[instrument].test(text)) reading.instruments.push(instrument);
  }
  if (reading.instruments.length > 0) understood.push(reading.instruments.join(', '));

  const clock = /\b(\d{1,2}):([0-5]\d)\b/.exec(text);
  const minutes = /(\d+(?:\.\d+)?)\s*(?:minutes?|mins?)\b/.exec(text);
  const seconds = /(\d+(?:\.\d+)?)\s*(?:seconds?|secs?)\b/.exec(text);
  let length: number | undefined;
  if (clock) length = Number(clock[1]) * 60 + Number(clock[2]);
  else if (minutes || seconds) length = (minutes ? Number(minutes[1]) * 60 : 0) + (seconds ? Number(seconds[1]) : 0);
  if (length !== undefined && length > 0) {
    reading.lengthSec = clamp(Math.round(length), MIN_LENGTH_SEC, MAX_LENGTH_SEC);
    understood.push(`${reading.lengthSec} s`);
  }
  return reading;
}
