/**
 * The motif library: drawings in a 100×100 box, as line art (stroked paths, one weight) and a few
 * filled parts, so a style can set them in its own colour and weight. Each motif names the words
 * that choose it (from lyrics or an edit: "crown", "ledger numbers", "rain"). Drawn to sit in a
 * grid cell, centred, with about 8 units of air inside the box; never a scene, always one object.
 */
export interface MotifDrawing {
  id: string;
  /** Words (or two-word phrases) that ask for it. */
  words: readonly string[];
  /** Stroked paths, in the 100×100 box. */
  line: readonly string[];
  /** Filled paths, in the 100×100 box. */
  solid?: readonly string[];
}

const n = (v: number) => Math.round(v * 10) / 10;
const circle = (cx: number, cy: number, r: number) => `M ${n(cx - r)} ${cy} a ${r} ${r} 0 1 0 ${n(2 * r)} 0 a ${r} ${r} 0 1 0 ${n(-2 * r)} 0`;
const ellipse = (cx: number, cy: number, rx: number, ry: number) => `M ${n(cx - rx)} ${cy} a ${rx} ${ry} 0 1 0 ${n(2 * rx)} 0 a ${rx} ${ry} 0 1 0 ${n(-2 * rx)} 0`;
const range = (count: number) => Array.from({ length: count }, (_, i) => i);
const polar = (cx: number, cy: number, r: number, deg: number) => [n(cx + r * Math.cos((deg * Math.PI) / 180)), n(cy + r * Math.sin((deg * Math.PI) / 180))] as const;

/** Seven-segment digits (a ledger's numbers), each cell 6×10 units. */
const SEGMENTS: Record<string, string> = { '0': 'abcdef', '1': 'bc', '2': 'abged', '3': 'abgcd', '4': 'fgbc', '5': 'afgcd', '6': 'afgedc', '7': 'abc', '8': 'abcdefg', '9': 'abcdfg' };
function digits(text: string, x: number, y: number, w = 5, h = 9): string {
  return [...text]
    .map((ch, i) => {
      const ox = x + i * (w + 2.4);
      const seg: Record<string, string> = {
        a: `M ${n(ox)} ${y} h ${w}`,
        b: `M ${n(ox + w)} ${y} v ${h / 2}`,
        c: `M ${n(ox + w)} ${n(y + h / 2)} v ${h / 2}`,
        d: `M ${n(ox)} ${n(y + h)} h ${w}`,
        e: `M ${n(ox)} ${n(y + h / 2)} v ${h / 2}`,
        f: `M ${n(ox)} ${y} v ${h / 2}`,
        g: `M ${n(ox)} ${n(y + h / 2)} h ${w}`,
      };
      return [...(SEGMENTS[ch] ?? '')].map((s) => seg[s]).join(' ');
    })
    .join(' ');
}

export const MOTIFS: readonly MotifDrawing[] = [
  { id: 'crown', words: ['crown', 'king', 'queen', 'throne', 'royal', 'royalty', 'reign'], line: ['M 14 72 L 10 30 L 32 50 L 50 20 L 68 50 L 90 30 L 86 72 Z', 'M 14 82 H 86', 'M 30 62 h 0.1 M 50 60 h 0.1 M 70 62 h 0.1'], solid: [circle(10, 28, 3.5), circle(50, 17, 3.5), circle(90, 28, 3.5)] },
  { id: 'rain', words: ['rain', 'raining', 'storm', 'drizzle', 'downpour', 'wet'], line: range(5).flatMap((c) => range(4).map((row) => `M ${14 + c * 18 + (row % 2) * 9} ${10 + row * 22 + (c % 2) * 8} l -6 14`)) },
  { id: 'ledger', words: ['ledger numbers', 'ledger', 'numbers', 'accounts', 'books', 'receipts', 'figures'], line: ['M 8 8 H 92 V 92 H 8 Z', 'M 8 22 H 92', 'M 30 8 V 92', ...range(5).map((i) => `M 8 ${36 + i * 14} H 92`), digits('0417', 36, 25.5), digits('1962', 36, 39.5), digits('8305', 36, 53.5), digits('2750', 36, 67.5), digits('19', 12, 25.5), digits('20', 12, 39.5), digits('21', 12, 53.5), digits('22', 12, 67.5)] },
  { id: 'moon', words: ['moon', 'lunar', 'crescent', 'moonlight'], line: ['M 62 12 A 40 40 0 1 0 88 70 A 32 32 0 1 1 62 12 Z'], solid: [circle(78, 22, 1.6), circle(86, 40, 1.1)] },
  { id: 'sunset', words: ['sun', 'sunset', 'sunrise', 'summer', 'dawn', 'horizon'], line: ['M 10 70 H 90', 'M 22 70 A 28 28 0 0 1 78 70', ...range(4).map((i) => `M ${n(30 - i * 2)} ${78 + i * 5} H ${n(70 + i * 2)}`), ...range(7).map((i) => { const [x1, y1] = polar(50, 70, 34, 180 + 15 + i * 25); const [x2, y2] = polar(50, 70, 44, 180 + 15 + i * 25); return `M ${x1} ${y1} L ${x2} ${y2}`; })] },
  { id: 'sparkle', words: ['star', 'stars', 'sparkle', 'shine', 'shining', 'twinkle'], line: ['M 50 8 C 54 38 62 46 92 50 C 62 54 54 62 50 92 C 46 62 38 54 8 50 C 38 46 46 38 50 8 Z', 'M 80 14 v 12 M 74 20 h 12'] },
  { id: 'diamond', words: ['diamond', 'diamonds', 'ice', 'icy', 'jewel', 'jewels', 'gem', 'bling'], line: ['M 24 30 H 76 L 92 44 L 50 92 L 8 44 Z', 'M 8 44 H 92', 'M 24 30 L 36 44 L 50 30 L 64 44 L 76 30', 'M 36 44 L 50 92 L 64 44'] },
  { id: 'coins', words: ['coin', 'coins', 'stack', 'stacks'], line: [ellipse(50, 22, 30, 9), 'M 20 22 V 78 M 80 22 V 78', 'M 20 78 A 30 9 0 0 0 80 78', ...range(6).map((i) => `M 20 ${31 + i * 8} A 30 9 0 0 0 80 ${31 + i * 8}`)] },
  { id: 'banknote', words: ['money', 'cash', 'bands', 'racks', 'bills', 'dollars', 'paper', 'bread', 'guap'], line: ['M 6 26 H 94 V 74 H 6 Z', 'M 12 32 H 88 V 68 H 12 Z', ellipse(50, 50, 12, 14), 'M 50 41 v 18 M 45 46 c 0 -4 10 -4 10 0 c 0 4 -10 4 -10 8 c 0 4 10 4 10 0', circle(22, 50, 3), circle(78, 50, 3)] },
  { id: 'flame', words: ['fire', 'flame', 'flames', 'burn', 'burning', 'heat', 'lit', 'blaze'], line: ['M 50 92 C 24 92 16 70 26 52 C 30 62 36 64 38 60 C 32 40 42 22 56 8 C 56 28 84 42 78 70 C 76 84 64 92 50 92 Z', 'M 50 90 C 38 88 36 74 46 62 C 48 70 54 70 54 62 C 64 70 66 86 50 90 Z'] },
  { id: 'smoke', words: ['smoke', 'smoking', 'haze', 'fog', 'mist', 'vapour', 'vapor'], line: ['M 30 92 C 30 76 44 72 44 60 C 44 48 28 46 30 32 C 32 20 46 18 46 8', 'M 50 92 C 50 80 62 74 62 62 C 62 50 50 48 52 36 C 54 26 64 22 66 14', 'M 70 92 C 70 84 76 80 76 72'] },
  { id: 'waves', words: ['ocean', 'sea', 'waves', 'wave', 'water', 'tide', 'river', 'waterfront'], line: range(5).map((i) => { const y = 26 + i * 12; return `M 8 ${y} C 18 ${y - 8} 26 ${y - 8} 36 ${y} C 46 ${y + 8} 54 ${y + 8} 64 ${y} C 74 ${y - 8} 82 ${y - 8} 92 ${y}`; }) },
  { id: 'mountain', words: ['mountain', 'mountains', 'peak', 'summit', 'climb', 'climbing'], line: ['M 6 84 L 38 28 L 56 58 L 68 42 L 94 84 Z', 'M 30 42 L 38 48 L 44 40', 'M 6 92 H 94'] },
  { id: 'road', words: ['road', 'highway', 'drive', 'driving', 'ride', 'riding', 'journey', 'freeway'], line: ['M 44 18 L 8 92', 'M 56 18 L 92 92', 'M 6 18 H 94', ...range(4).map((i) => `M 50 ${n(26 + i * i * 4.4 + i * 4)} v ${n(3 + i * 2.5)}`)] },
  { id: 'rose', words: ['rose', 'roses', 'flower', 'flowers', 'bloom', 'petals'], line: ['M 50 46 C 44 46 42 40 46 36 C 50 32 58 36 56 42 C 54 50 42 50 40 42 C 38 32 48 26 56 28 C 66 30 68 44 60 52 C 50 60 34 56 32 44 C 30 32 38 22 50 20', 'M 50 58 C 50 70 48 80 50 94', 'M 49 74 C 40 70 32 72 28 78 C 36 82 44 80 49 74 Z', 'M 50 84 C 58 78 66 78 70 82 C 64 88 56 88 50 84 Z'] },
  { id: 'heart', words: ['heart', 'hearts', 'love', 'lover', 'loving'], line: ['M 50 86 C 20 66 8 50 8 34 C 8 20 18 12 30 12 C 40 12 46 18 50 26 C 54 18 60 12 70 12 C 82 12 92 20 92 34 C 92 50 80 66 50 86 Z', 'M 22 32 C 22 26 26 22 32 22'] },
  { id: 'eye', words: ['eye', 'eyes', 'watching', 'vision', 'seeing'], line: ['M 6 50 C 24 24 76 24 94 50 C 76 76 24 76 6 50 Z', circle(50, 50, 16), 'M 14 30 l -4 -6 M 30 22 l -2 -7 M 50 19 v -8 M 70 22 l 2 -7 M 86 30 l 4 -6'], solid: [circle(50, 50, 7)] },
  { id: 'wings', words: ['wings', 'wing', 'angel', 'angels', 'fly', 'flying', 'freedom'], line: ['M 48 40 C 36 20 18 18 6 24 C 14 30 16 36 14 42 C 22 42 24 48 22 54 C 30 52 34 56 34 62 C 42 58 48 52 48 40 Z', 'M 52 40 C 64 20 82 18 94 24 C 86 30 84 36 86 42 C 78 42 76 48 78 54 C 70 52 66 56 66 62 C 58 58 52 52 52 40 Z', 'M 16 30 C 26 30 36 34 44 42 M 58 42 C 64 34 74 30 84 30'] },
  { id: 'halo', words: ['halo', 'heaven', 'holy', 'saint', 'blessed', 'divine', 'glory'], line: [ellipse(50, 40, 38, 12), ellipse(50, 40, 30, 8), ...range(8).map((i) => { const [x1, y1] = polar(50, 40, 44, 200 + i * 20); const [x2, y2] = polar(50, 40, 52, 200 + i * 20); return `M ${x1} ${y1} L ${x2} ${y2}`; }), 'M 30 70 H 70 M 38 80 H 62'] },
  { id: 'cross', words: ['cross', 'faith', 'church', 'jesus', 'pray', 'praying', 'prayer', 'god'], line: ['M 42 8 H 58 V 30 H 80 V 46 H 58 V 92 H 42 V 46 H 20 V 30 H 42 Z', 'M 50 16 V 84 M 28 38 H 72'] },
  { id: 'lightning', words: ['lightning', 'thunder', 'electric', 'energy', 'bolt', 'shock', 'power'], line: ['M 58 6 L 22 56 H 46 L 38 94 L 78 40 H 54 Z'] },
  { id: 'cloud', words: ['cloud', 'clouds', 'sky', 'skies', 'cloudy', 'float', 'floating'], line: ['M 22 70 C 10 70 6 60 10 52 C 14 44 22 42 28 44 C 30 30 44 24 56 28 C 64 30 70 36 72 44 C 82 42 92 48 92 58 C 92 66 86 70 78 70 Z', 'M 30 82 H 70 M 40 90 H 60'] },
  { id: 'palm', words: ['palm', 'palms', 'beach', 'cali', 'california', 'tropical', 'island', 'miami'], line: ['M 52 92 C 54 72 54 52 50 36', 'M 50 36 C 40 26 24 26 12 34 C 26 32 36 34 50 36', 'M 50 36 C 58 24 74 22 88 28 C 74 28 62 30 50 36', 'M 50 36 C 44 22 46 12 54 6 C 52 16 52 26 50 36', 'M 50 36 C 36 40 26 50 22 62 C 32 52 40 44 50 36', 'M 50 36 C 64 40 74 48 80 60 C 70 52 60 44 50 36', 'M 34 92 H 70'] },
  { id: 'skull', words: ['skull', 'death', 'dead', 'die', 'dying', 'grave', 'bones', 'reaper'], line: ['M 50 10 C 26 10 14 26 14 44 C 14 56 20 62 28 66 V 80 H 72 V 66 C 80 62 86 56 86 44 C 86 26 74 10 50 10 Z', 'M 40 80 V 90 H 60 V 80 M 50 80 V 90', 'M 46 62 L 50 54 L 54 62 Z'], solid: [ellipse(35, 44, 9, 8), ellipse(65, 44, 9, 8)] },
  { id: 'dagger', words: ['knife', 'blade', 'dagger', 'sword', 'steel', 'cut', 'stab'], line: ['M 50 6 L 58 20 V 62 H 42 V 20 Z', 'M 50 14 V 58', 'M 28 62 H 72 V 68 H 28 Z', 'M 44 68 V 86 H 56 V 68', circle(50, 91, 4)] },
  { id: 'chain', words: ['chain', 'chains', 'link', 'links', 'cuban', 'bound'], line: [ellipse(20, 50, 14, 8), ellipse(38, 50, 9, 5), ellipse(56, 50, 14, 8), ellipse(74, 50, 9, 5), ellipse(88, 50, 7, 8), 'M 6 50 H 2'] },
  { id: 'key', words: ['key', 'keys', 'lock', 'locked', 'unlock', 'secret', 'secrets'], line: [circle(28, 50, 18), circle(28, 50, 7), 'M 46 50 H 92 M 80 50 V 64 M 68 50 V 60 M 88 50 V 60'] },
  { id: 'clock', words: ['clock', 'time', 'hour', 'hours', 'late', 'minutes', 'midnight', 'watch'], line: [circle(50, 50, 40), ...range(12).map((i) => { const [x1, y1] = polar(50, 50, i % 3 ? 34 : 30, i * 30); const [x2, y2] = polar(50, 50, 38, i * 30); return `M ${x1} ${y1} L ${x2} ${y2}`; }), 'M 50 50 L 50 22 M 50 50 L 68 60'] },
  { id: 'hourglass', words: ['hourglass', 'sand', 'waiting', 'wait', 'patience', 'running out'], line: ['M 24 8 H 76 M 24 92 H 76', 'M 30 8 C 30 34 48 40 48 50 C 48 60 30 66 30 92', 'M 70 8 C 70 34 52 40 52 50 C 52 60 70 66 70 92', 'M 50 56 V 80'], solid: ['M 36 84 C 42 76 58 76 64 84 L 66 90 H 34 Z', 'M 38 24 H 62 C 58 34 52 38 50 44 C 48 38 42 34 38 24 Z'] },
  { id: 'microphone', words: ['mic', 'microphone', 'studio', 'booth', 'verse', 'rap', 'spit'], line: ['M 38 12 H 62 A 12 12 0 0 1 74 24 V 40 A 24 24 0 0 1 26 40 V 24 A 12 12 0 0 1 38 12 Z', 'M 26 26 H 74 M 26 34 H 74', 'M 16 40 A 34 30 0 0 0 84 40', 'M 50 70 V 90 M 34 90 H 66'] },
  { id: 'vinyl', words: ['vinyl', 'record', 'records', 'wax', 'album', 'dj', 'spin', 'spinning'], line: [circle(50, 50, 42), circle(50, 50, 35), circle(50, 50, 29), circle(50, 50, 23), circle(50, 50, 13), 'M 66 20 A 36 36 0 0 1 80 34'], solid: [circle(50, 50, 3)] },
  { id: 'cassette', words: ['tape', 'tapes', 'cassette', 'mixtape', 'mixtapes'], line: ['M 6 22 H 94 V 82 H 6 Z', 'M 16 30 H 84 V 58 H 16 Z', circle(34, 44, 7), circle(66, 44, 7), 'M 41 44 H 59', 'M 24 82 L 30 68 H 70 L 76 82'] },
  { id: 'speaker', words: ['speaker', 'speakers', 'bass', '808', '808s', 'sound', 'subwoofer'], line: ['M 20 6 H 80 V 94 H 20 Z', circle(50, 62, 22), circle(50, 62, 12), circle(50, 24, 9), circle(50, 24, 3)], solid: [circle(50, 62, 4)] },
  { id: 'phone', words: ['phone', 'phones', 'call', 'calls', 'calling', 'dm'], line: ['M 32 6 H 68 A 6 6 0 0 1 74 12 V 88 A 6 6 0 0 1 68 94 H 32 A 6 6 0 0 1 26 88 V 12 A 6 6 0 0 1 32 6 Z', 'M 26 18 H 74 M 26 80 H 74', 'M 44 12 H 56', circle(50, 87, 2.5)] },
  { id: 'globe', words: ['world', 'globe', 'earth', 'global', 'worldwide', 'international'], line: [circle(50, 50, 40), ellipse(50, 50, 18, 40), 'M 50 10 V 90', 'M 10 50 H 90', 'M 16 30 H 84 M 16 70 H 84'] },
  { id: 'planet', words: ['planet', 'planets', 'space', 'orbit', 'saturn', 'galaxy', 'cosmos', 'universe'], line: [circle(50, 50, 24), 'M 22 62 C -4 78 20 80 50 70 C 80 60 104 36 78 38', 'M 28 56 C 40 54 60 48 72 44'], solid: [circle(86, 18, 2), circle(14, 26, 1.4), circle(80, 86, 1.6)] },
  { id: 'snake', words: ['snake', 'snakes', 'venom', 'serpent', 'fake', 'fakes', 'traitor'], line: ['M 76 16 C 90 20 92 34 80 38 C 62 44 30 30 20 44 C 10 58 30 66 50 62 C 70 58 90 64 82 78 C 74 92 44 90 22 86', 'M 22 86 L 14 84', 'M 68 14 C 72 10 82 10 84 16'], solid: [circle(80, 20, 1.8)] },
  { id: 'web', words: ['web', 'spider', 'trapped', 'tangled', 'caught'], line: [...range(8).map((i) => { const [x, y] = polar(50, 50, 44, i * 45); return `M 50 50 L ${x} ${y}`; }), ...[12, 22, 32, 42].map((r) => range(8).map((i) => { const [x1, y1] = polar(50, 50, r, i * 45); const [x2, y2] = polar(50, 50, r, (i + 1) * 45); return `${i === 0 ? `M ${x1} ${y1}` : ''} Q ${polar(50, 50, r * 0.86, i * 45 + 22.5).join(' ')} ${x2} ${y2}`; }).join(' '))] },
  { id: 'dice', words: ['dice', 'gamble', 'gambling', 'luck', 'lucky', 'vegas', 'roll', 'odds'], line: ['M 10 34 L 40 20 L 70 34 L 40 48 Z', 'M 10 34 V 70 L 40 86 V 48', 'M 70 34 V 70 L 40 86', 'M 62 58 L 88 50 L 94 74 L 68 84 Z'], solid: [ellipse(40, 34, 4, 2.4), circle(22, 54, 2.6), circle(28, 66, 2.6), circle(56, 58, 2.6), circle(54, 72, 2.6), circle(78, 67, 2.6)] },
  { id: 'cards', words: ['cards', 'card', 'ace', 'poker', 'deal', 'bet'], line: ['M 22 18 L 54 10 L 72 80 L 40 88 Z', 'M 46 22 L 78 18 L 86 90 L 54 92', 'M 38 34 C 34 40 40 48 44 52 C 46 46 52 40 48 34 C 46 30 40 30 38 34 Z'] },
  { id: 'target', words: ['target', 'aim', 'goal', 'goals', 'focus', 'focused', 'sniper'], line: [circle(50, 50, 40), circle(50, 50, 26), circle(50, 50, 12), 'M 50 2 V 20 M 50 80 V 98 M 2 50 H 20 M 80 50 H 98'] },
  { id: 'feather', words: ['feather', 'feathers', 'weightless'], line: ['M 22 92 L 76 14', 'M 76 14 C 92 30 84 56 58 66 L 34 74 C 32 56 44 26 76 14 Z', 'M 62 34 L 74 36 M 54 46 L 70 48 M 46 58 L 60 60 M 60 30 L 56 20 M 50 42 L 46 32 M 42 54 L 38 46'] },
  { id: 'anchor', words: ['anchor', 'anchored', 'harbour', 'harbor', 'sailor', 'grounded', 'steady'], line: [circle(50, 16, 7), 'M 50 23 V 90', 'M 34 34 H 66', 'M 14 58 C 16 78 32 90 50 90 C 68 90 84 78 86 58', 'M 8 64 L 14 56 L 20 64 M 80 64 L 86 56 L 92 64'] },
  { id: 'arrow', words: ['arrow', 'rise', 'rising', 'ascend', 'forward'], line: ['M 50 92 V 10', 'M 28 32 L 50 10 L 72 32', 'M 40 92 L 50 80 L 60 92 M 40 82 L 50 70 L 60 82'] },
  { id: 'window', words: ['window', 'windows', 'door', 'doors', 'mirror', 'glass', 'reflection'], line: ['M 24 92 V 40 A 26 26 0 0 1 76 40 V 92 Z', 'M 30 92 V 42 A 20 20 0 0 1 70 42 V 92', 'M 50 22 V 92 M 30 58 H 70', 'M 18 92 H 82'] },
  { id: 'tower', words: ['city', 'cities', 'tower', 'towers', 'skyline', 'skyscraper', 'downtown', 'buildings', 'building', 'concrete'], line: ['M 30 94 V 22 L 50 8 L 70 22 V 94', 'M 50 8 V 2', 'M 30 94 H 70', ...range(7).map((i) => `M 36 ${30 + i * 9} H 64`), 'M 50 22 V 94'] },
  { id: 'tree', words: ['tree', 'trees', 'roots', 'leaf', 'leaves', 'forest', 'grow', 'growing', 'branch'], line: ['M 50 92 V 46', 'M 50 62 L 34 46 M 50 54 L 66 38 M 50 46 L 40 30 M 50 46 L 58 24 M 34 46 L 24 40 M 66 38 L 78 36', 'M 50 92 C 42 92 36 94 30 96 M 50 92 C 58 92 64 94 70 96'], solid: [circle(24, 40, 3), circle(40, 30, 3), circle(58, 24, 3), circle(78, 36, 3)] },
  { id: 'dove', words: ['bird', 'birds', 'dove', 'doves', 'peace', 'crow', 'raven'], line: ['M 12 56 C 24 52 34 52 42 56 C 46 40 62 22 86 18 C 76 30 70 42 66 52 C 74 52 84 56 90 62 C 74 64 58 70 44 72 C 34 74 24 68 12 56 Z', 'M 42 56 C 48 60 56 60 66 52'], solid: [circle(20, 56, 1.4)] },
  { id: 'trophy', words: ['trophy', 'winner', 'winning', 'win', 'champion', 'champ', 'victory'], line: ['M 28 10 H 72 V 34 A 22 22 0 0 1 28 34 Z', 'M 28 18 C 12 18 12 40 30 44 M 72 18 C 88 18 88 40 70 44', 'M 50 56 V 74', 'M 34 74 H 66 V 90 H 34 Z'] },
  { id: 'mask', words: ['mask', 'masks', 'face', 'faces', 'disguise', 'hidden', 'anonymous'], line: ['M 8 30 C 30 24 42 28 50 34 C 58 28 70 24 92 30 C 92 52 80 66 62 64 C 56 64 52 58 50 54 C 48 58 44 64 38 64 C 20 66 8 52 8 30 Z'], solid: [ellipse(31, 44, 9, 5), ellipse(69, 44, 9, 5)] },
  { id: 'lotus', words: ['lotus', 'peace', 'calm', 'zen', 'meditate', 'healing', 'spirit', 'soul'], line: ['M 50 76 C 40 62 40 40 50 22 C 60 40 60 62 50 76 Z', 'M 50 76 C 36 72 26 58 26 40 C 40 46 48 58 50 76', 'M 50 76 C 64 72 74 58 74 40 C 60 46 52 58 50 76', 'M 50 76 C 34 80 18 72 8 58 C 24 56 38 62 50 76', 'M 50 76 C 66 80 82 72 92 58 C 76 56 62 62 50 76', 'M 20 88 H 80'] },
];

export const MOTIF_IDS = MOTIFS.map((m) => m.id);
const BY_ID = new Map(MOTIFS.map((m) => [m.id, m]));
export const motifById = (id: string): MotifDrawing | undefined => BY_ID.get(id);

/** Earlier versions stored these names; they map to the drawings that replaced them. */
const LEGACY: Record<string, string> = { orb: 'moon', sparks: 'sparkle', skyline: 'tower', flames: 'flame', frame: 'window' };
export const canonicalMotif = (id: string): string | undefined => (BY_ID.has(id) ? id : LEGACY[id]);

/** Every word (and two-word phrase) that chooses a motif, longest first. */
const PHRASES: Array<[string, string]> = MOTIFS.flatMap((m) => m.words.map((w) => [w, m.id] as [string, string])).sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);

/**
 * Motifs named in `words` (lowercased, in order) and the indexes of the words that named them.
 * Two-word phrases ("ledger numbers") are read before single words.
 */
export function motifsInWords(words: readonly string[]): { motifs: string[]; used: Set<number> } {
  const used = new Set<number>();
  const found: Array<[number, string]> = [];
  for (const [phrase, id] of PHRASES) {
    const parts = phrase.split(' ');
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.every((p, k) => words[i + k] === p) && parts.every((_, k) => !used.has(i + k))) {
        parts.forEach((_, k) => used.add(i + k));
        found.push([i, id]);
      }
    }
  }
  const motifs = [...new Set(found.sort((a, b) => a[0] - b[0]).map(([, id]) => id))];
  return { motifs, used };
}
