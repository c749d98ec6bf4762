import { describe, expect, it } from 'vitest';
import { BEAT_STYLES, beatToMidi, composeBeat, keySignature, planBeat } from '../beats';
import { GM_NAMES, gmPrograms } from './presets';

/** A small Standard MIDI File reader: each track's meta events and program changes, with running status. */
function readMidi(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  expect(tag(0)).toBe('MThd');
  const ntracks = view.getUint16(10);
  let at = 8 + view.getUint32(4);
  const tracks: { meta: { type: number; data: Uint8Array }[]; programs: { channel: number; program: number }[] }[] = [];
  for (let t = 0; t < ntracks; t++) {
    expect(tag(at)).toBe('MTrk');
    const end = at + 8 + view.getUint32(at + 4);
    let p = at + 8;
    const varInt = () => { let v = 0; for (;;) { const b = bytes[p++]; v = (v << 7) | (b & 0x7f); if (!(b & 0x80)) return v; } };
    const track: (typeof tracks)[number] = { meta: [], programs: [] };
    let status = 0;
    while (p < end) {
      varInt();
      if (bytes[p] & 0x80) status = bytes[p++];
      if (status === 0xff) {
        const type = bytes[p++];
        const length = varInt();
        track.meta.push({ type, data: bytes.subarray(p, p + length) });
        p += length;
        status = 0;
      } else if (status === 0xf0 || status === 0xf7) {
        p += varInt();
      } else {
        const kind = status & 0xf0;
        if (kind === 0xc0) track.programs.push({ channel: status & 0x0f, program: bytes[p] });
        p += kind === 0xc0 || kind === 0xd0 ? 1 : 2;
      }
    }
    expect(p).toBe(end);
    tracks.push(track);
    at = end;
  }
  return tracks;
}

const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe('beat MIDI as DAWs read it', () => {
  it.each([
    ['C major', 0, 0],
    ['A minor', 0, 1],
    ['F# minor', 3, 1],
    ['Eb major', -3, 0],
    ['Bb minor', -5, 1],
    ['E major', 4, 0],
    ['G minor', -2, 1],
  ])('writes the key signature of %s as sf %i, mi %i', (key, sf, mi) => {
    const plan = planBeat({ style: 'rap', description: `${key}, 12 seconds`, seed: 3 });
    const [conductor] = readMidi(beatToMidi(plan, composeBeat(plan)));
    const signatures = conductor.meta.filter((m) => m.type === 0x59);
    expect(signatures).toHaveLength(1);
    expect(signatures[0].data.length).toBe(2);
    expect(new Int8Array(signatures[0].data.buffer, signatures[0].data.byteOffset, 1)[0]).toBe(sf);
    expect(signatures[0].data[1]).toBe(mi);
  });

  it('covers every key with a signature of at most 6 accidentals', () => {
    for (let tonic = 0; tonic < 12; tonic++) {
      for (const mode of ['major', 'minor'] as const) expect(Math.abs(keySignature(tonic, mode).sf)).toBeLessThanOrEqual(6);
    }
  });

  it('writes the tempo, 4/4, track names and a General MIDI program per part (drums on channel 10)', () => {
    const plan = planBeat({ style: 'trap', description: 'dark trap, 142 bpm, in F# minor, 12 seconds', seed: 5 });
    const tracks = readMidi(beatToMidi(plan, composeBeat(plan), 'Dark trap'));
    const [conductor, ...parts] = tracks;
    const tempo = conductor.meta.find((m) => m.type === 0x51)!.data;
    expect((tempo[0] << 16) | (tempo[1] << 8) | tempo[2]).toBe(Math.round(60_000_000 / 142));
    const timeSignature = conductor.meta.find((m) => m.type === 0x58)!.data;
    expect([timeSignature[0], 2 ** timeSignature[1]]).toEqual([4, 4]);
    expect(text(conductor.meta.find((m) => m.type === 0x03)!.data)).toBe('Dark trap');
    expect(parts.map((t) => text(t.meta.find((m) => m.type === 0x03)!.data))).toEqual(['Drums', '808', 'Chords', 'Melody', 'Counter-melody']);
    const programs = gmPrograms(plan);
    expect(parts.map((t) => t.programs[0])).toEqual([
      { channel: 9, program: 0 },
      { channel: 0, program: 38 }, // Synth Bass 1 for the 808
      { channel: 1, program: 48 }, // String Ensemble 1 (trap's keys)
      { channel: 2, program: 9 }, // Glockenspiel (bells)
      { channel: 3, program: 52 }, // Choir Aahs: trap's strings counter-melody moves off the chords' preset
    ]);
    expect([programs.bass, programs.chords, programs.lead, programs.counter]).toEqual([38, 48, 9, 52]);
  });

  it.each(BEAT_STYLES)('%s: the program changes are the presets the audio is rendered with, one per pitched part', (style) => {
    const plan = planBeat({ style, description: '12 seconds', seed: 2 });
    const [, ...parts] = readMidi(beatToMidi(plan, composeBeat(plan)));
    const programs = gmPrograms(plan);
    expect(parts.slice(1).map((t) => t.programs[0].program)).toEqual([programs.bass, programs.chords, programs.lead, programs.counter]);
    // Every preset used is a named General MIDI program, and the counter-melody has its own voice.
    for (const p of Object.values(programs)) expect(GM_NAMES[p]).toBeTruthy();
    expect(programs.counter).not.toBe(programs.chords);
    expect(programs.counter).not.toBe(programs.lead);
  });
});
