import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { LIMITS } from '@members-only/shared';
import {
  BUILT_IN_COVER_CONCEPT,
  COVER,
  COVER_MESSAGES,
  COVER_STYLE_LABELS,
  URL_OR_HANDLE,
  type CoverConceptRequest,
  type CoverConceptResult,
  type CoverStyle,
  type CreateCoverArtInput,
  type DistributorCheck,
} from '@members-only/shared/cover';
import type { CoverDesign, CoverLayout, CoverMood, Motif } from '@members-only/engines/cover';
import {
  BUILT_IN_COVER_RENDERER,
  buildCoverConcept,
  conceptPrompt,
  coverEditPrompt,
  coverImagePrompt,
  FALLBACK_CONCEPT,
  hasExplicitWords,
  moodOfText,
} from '@members-only/engines/cover';
import type { CoverArtRow } from '../db/types';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { CoverArtRepository } from '../repositories/cover-art.repository';
import type { UnitOfWork } from '../repositories/index';
import type { TrackRepository } from '../repositories/track.repository';
import type { TextProvider } from '../providers/text/types';
import { incompleteReplyError } from '../providers/text/finish';
import type { CoverImageProvider } from '../providers/image/types';
import type { FileStorage } from '../providers/storage/types';
import { describeImage } from '../providers/image/normalise';
import { releaseKitZip } from '../providers/image/release-kit';
import { sharp } from '../providers/image/native';
import { badRequest, notFound } from '../errors';
import type { SongService } from './song.service';
import { authorize, type Actor } from '../policies/index';

/** The style that suits a mood, for a first cover. */
const STYLE_FOR_MOOD: Record<CoverMood, CoverStyle> = {
  dark: 'dark-moody',
  aggressive: 'street-art',
  luxury: 'luxury-opulent',
  romantic: 'vibrant-colourful',
  nostalgic: 'vintage-90s',
  euphoric: 'vibrant-colourful',
  dreamy: 'modern-minimalist',
  hustle: 'street-art',
};

interface StoredDesign {
  mood: CoverMood;
  motifs: Motif[];
  energy: number;
}

/** A saved cover with its JSON columns read. */
export type CoverArtRecord = Omit<CoverArtRow, 'edits' | 'checks' | 'design' | 'advisory' | 'kind' | 'style'> & {
  edits: string[];
  checks: DistributorCheck[];
  design: StoredDesign;
  advisory: boolean;
  kind: 'model' | 'built-in';
  style: CoverStyle;
};

export function coverRecord(row: CoverArtRow): CoverArtRecord {
  return {
    ...row,
    edits: JSON.parse(row.edits) as string[],
    checks: JSON.parse(row.checks) as DistributorCheck[],
    design: JSON.parse(row.design) as StoredDesign,
    advisory: Boolean(row.advisory),
    kind: row.kind === 'model' ? 'model' : 'built-in',
    style: row.style as CoverStyle,
  };
}

const MB = 1024 * 1024;

/**
 * The distributor check, measured on the file itself: size, colour space, format, file size;
 * for the built-in renderer also where the text sits and the label. A model's picture cannot be
 * measured for its text, and says so (null) rather than claim a pass.
 */
export async function distributorChecks(png: Buffer, input: { layout: CoverLayout | null; advisory: boolean; title: string; artist: string | null }): Promise<DistributorCheck[]> {
  const info = await describeImage(png);
  const checks: DistributorCheck[] = [
    {
      id: 'size',
      label: '3000 × 3000 pixels',
      ok: info.width === COVER.size && info.height === COVER.size,
      detail: `${info.width} × ${info.height} pixels.`,
    },
    { id: 'colour', label: 'sRGB colour', ok: info.space === 'srgb', detail: info.hasProfile ? 'sRGB with an embedded sRGB profile.' : `Colour space: ${info.space}.` },
    { id: 'format', label: 'PNG file', ok: info.format === 'png', detail: `Format: ${info.format.toUpperCase()}.` },
    {
      id: 'file-size',
      label: 'Under 10 MB',
      ok: info.bytes <= COVER.maxFileBytes,
      detail: `${(info.bytes / MB).toFixed(1)} MB${info.bytes > COVER.maxFileBytes ? ': download the JPEG for stores with a 10 MB limit.' : '.'}`,
    },
  ];
  const layout = input.layout;
  if (layout) {
    const inside = (b: { x: number; y: number; width: number; height: number }) =>
      b.x >= layout.safeMargin - 1 && b.y >= layout.safeMargin - 1 && b.x + b.width <= layout.width - layout.safeMargin + 1 && b.y + b.height <= layout.height - layout.safeMargin + 1;
    const boxes = [layout.title, ...(layout.artist ? [layout.artist] : []), ...(layout.label ? [layout.label] : [])];
    const ok = boxes.every(inside);
    checks.push({
      id: 'safe-margins',
      label: 'Text inside safe margins',
      ok,
      detail: ok ? `All text sits at least ${layout.safeMargin} px from every edge.` : 'Some text reaches into the outer margin.',
    });
  } else {
    checks.push({ id: 'safe-margins', label: 'Text inside safe margins', ok: null, detail: "The image model was asked to keep text inside the margins; check the picture by eye." });
  }
  const linked = URL_OR_HANDLE.test(input.title) || (input.artist ? URL_OR_HANDLE.test(input.artist) : false);
  checks.push(
    layout
      ? { id: 'no-links', label: 'No web addresses or handles', ok: !linked, detail: 'Only the title and the artist name are drawn.' }
      : { id: 'no-links', label: 'No web addresses or handles', ok: null, detail: 'The image model was told to draw none; check the picture by eye.' },
  );
  checks.push(
    layout
      ? {
          id: 'advisory',
          label: input.advisory ? 'Parental Advisory label, bottom right' : 'No Parental Advisory label',
          ok: Boolean(layout.label) === input.advisory,
          detail: input.advisory ? 'Drawn at the bottom right, as asked: mark the release explicit with your distributor.' : 'Not drawn: the release is not marked explicit.',
        }
      : {
          id: 'advisory',
          label: input.advisory ? 'Parental Advisory label, bottom right' : 'No Parental Advisory label',
          ok: null,
          detail: input.advisory ? 'The image model was asked for the label at the bottom right; check it is there.' : 'The image model was told to leave the label out.',
        },
  );
  return checks;
}

/** A cover's image as it is sent: the stored PNG streamed, or a JPEG made from it. */
export interface CoverImageFile {
  format: 'png' | 'jpg';
  body: Readable | Buffer;
  bytes: number;
}

/** Cover art: concepts from a track's lyrics, new covers, restyles and edits through the image provider, each version stored with its distributor check, and the release kit. */
export function createCoverArtService(deps: {
  covers: CoverArtRepository;
  conversations: ConversationRepository;
  tracks: TrackRepository;
  uow: UnitOfWork;
  text: TextProvider;
  images: CoverImageProvider;
  storage: FileStorage;
  randomSeed?: () => number;
  /** Songs (issue 26): a cover for a song takes its newest version, lyrics, title and credited artist. */
  songs?: Pick<SongService, 'context'>;
}) {
  const { covers, conversations, tracks, uow, text, images, storage, songs } = deps;
  const randomSeed = deps.randomSeed ?? (() => crypto.randomInt(0, 2_147_483_647));

  async function coverConversation(actor: Actor, id: number) {
    const conversation = authorize(actor, 'write', 'conversation', await conversations.findById(id));
    if (conversation.category !== 'coverart') throw badRequest('That conversation is not a Cover Art conversation.');
    return conversation;
  }

  async function loadImage(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return {
    imageKind: images.kind,
    imageEngine: images.engine,

    /**
     * A concept for the track's lyrics: the model's answer to the spec's prompt (first 300
     * characters), or the built-in engine's from the words and the audio facts; a model that
     * fails gives the spec's fixed fallback concept.
     */
    async concept(actor: Actor, input: CoverConceptRequest, signal?: AbortSignal): Promise<CoverConceptResult> {
      const track = authorize(actor, 'read', 'track', await tracks.findById(input.trackId));
      const lyrics = track.transcription?.trim();
      if (!lyrics) throw badRequest(COVER_MESSAGES.noTranscription);
      const builtIn = buildCoverConcept({ lyrics, title: track.title, direction: input.direction, audio: { bpm: track.bpm, key: track.musical_key, lufs: track.lufs } });
      const base = { explicit: hasExplicitWords(lyrics), mood: builtIn.mood, suggestedStyle: STYLE_FOR_MOOD[builtIn.mood], imagery: builtIn.imagery };
      if (!text.isModel) return { ...base, concept: builtIn.text, kind: 'built-in', engine: BUILT_IN_COVER_CONCEPT };
      try {
        const reply = await text.generate({ task: 'coverart', turns: [{ role: 'user', content: conceptPrompt(lyrics) }], signal, maxTokens: 400 });
        if (incompleteReplyError(reply) || !reply.text.trim()) throw new Error('incomplete concept');
        const concept = reply.text.trim();
        const mood = moodOfText(concept) ?? builtIn.mood;
        return { ...base, mood, suggestedStyle: STYLE_FOR_MOOD[mood], concept, kind: 'model', engine: reply.engine };
      } catch (error) {
        if (signal?.aborted) throw error;
        // Spec §8: a failed concept is replaced by the fixed one, and the page goes on.
        return { ...base, concept: FALLBACK_CONCEPT, kind: 'fallback', engine: text.engineFor('coverart') };
      }
    },

    /** A new cover, a restyle or an edit of an earlier version: drawn, checked, stored and saved as a new version. */
    async create(actor: Actor, raw: CreateCoverArtInput, signal?: AbortSignal): Promise<CoverArtRecord> {
      const input = { ...raw, mode: raw.mode ?? 'new' };
      const parent = input.parentId ? coverRecord(authorize(actor, 'read', 'coverArt', await covers.findById(input.parentId))) : undefined;
      if (input.conversationId !== undefined) await coverConversation(actor, input.conversationId);
      const song = input.songId === undefined ? undefined : songs ? await songs.context(actor, input.songId) : undefined;
      if (input.songId !== undefined && !song) throw notFound('Song');
      const trackId = input.trackId ?? parent?.track_id ?? song?.latest?.id ?? undefined;
      const track = trackId ? authorize(actor, 'read', 'track', await tracks.findById(trackId)) : undefined;
      if (song && input.trackId !== undefined && track && track.song_id !== song.song.id) throw badRequest('That track is not a version of this song.', { trackId: ['Not a version of this song'] });
      const lyrics = (song?.lyricsSource === 'lyric-assist' ? song.lyrics : null) ?? (track?.transcription?.trim() || song?.lyrics || '');
      const songId = song?.song.id ?? parent?.song_id ?? track?.song_id ?? null;

      const title = input.title ?? parent?.title ?? song?.song.title ?? track?.title ?? 'Untitled';
      if (URL_OR_HANDLE.test(title)) throw badRequest('A cover title cannot hold a web address or a social handle: stores refuse covers that show them.');
      const artist = input.artist ?? parent?.artist ?? song?.song.artist_name ?? null;
      const direction = input.mode === 'new' ? input.prompt : (parent?.direction ?? null);
      const edits = [...(parent?.edits ?? []), ...(input.mode === 'edit' ? [input.prompt] : [])];
      const built = buildCoverConcept({ lyrics: lyrics || title, title, direction: direction ?? undefined, audio: { bpm: track?.bpm, key: track?.musical_key, lufs: track?.lufs } });
      const design: StoredDesign =
        input.mode === 'new' || !parent ? { mood: built.mood, motifs: built.motifs, energy: built.energy } : parent.design;
      const concept = input.concept ?? parent?.concept ?? built.text;
      const style: CoverStyle = input.style ?? parent?.style ?? STYLE_FOR_MOOD[design.mood];
      const advisory = input.advisory ?? parent?.advisory ?? (Boolean(song?.song.explicit) || hasExplicitWords(lyrics));
      // An edit keeps the version's seed so only the asked-for change moves; a restyle or a new cover draws afresh.
      const seed = input.seed ?? (input.mode === 'edit' && parent ? parent.seed : randomSeed());

      const promptInput = { title, concept, style, direction, advisory, artist };
      // Built to fit the model's published maximum (direction and title kept, the concept trimmed first).
      const maxPrompt = images.maxPromptChars ?? Infinity;
      const prompt = input.mode === 'edit' ? coverEditPrompt({ ...promptInput, edit: input.prompt }, maxPrompt) : coverImagePrompt(promptInput, maxPrompt);
      const coverDesign: CoverDesign = { title, artist, style, mood: design.mood, motifs: design.motifs, energy: design.energy, advisory, seed, edits };
      const edit = input.mode === 'edit' && parent && images.kind === 'model' ? { instruction: input.prompt, previous: await loadImage(parent.image_key) } : undefined;
      const image = await images.generate({ prompt, design: coverDesign, edit, signal });
      const checks = await distributorChecks(image.png, { layout: image.layout, advisory, title, artist });
      const info = await describeImage(image.png);

      const key = `covers/${crypto.randomBytes(16).toString('hex')}.png`;
      const written = await storage.write(key, Readable.from([image.png]));
      await written.commit();
      try {
        const row = await uow.run(async (r) => {
          const conversationId =
            input.conversationId ??
            parent?.conversation_id ??
            (await r.conversations.insert({ userId: actor.id, title: `Cover Art: ${title}`.slice(0, LIMITS.titleMax), category: 'coverart' })).id;
          const inserted = await r.coverArts.insert({
            user_id: actor.id,
            track_id: track?.id ?? null,
            song_id: songId,
            conversation_id: conversationId,
            parent_id: parent?.id ?? null,
            title,
            artist,
            style,
            direction,
            edits: JSON.stringify(edits),
            concept,
            prompt,
            design: JSON.stringify(design),
            advisory: advisory ? 1 : 0,
            seed,
            engine: image.engine,
            kind: images.kind,
            image_key: key,
            width: info.width,
            height: info.height,
            bytes: info.bytes,
            checks: JSON.stringify(checks),
          });
          await r.conversations.touch(conversationId);
          if (songId !== null) await r.songs.touch(songId);
          return inserted;
        });
        return coverRecord(row);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },

    async list(actor: Actor, filter: { trackId?: number; conversationId?: number }): Promise<CoverArtRecord[]> {
      if (filter.trackId !== undefined) authorize(actor, 'read', 'track', await tracks.findById(filter.trackId));
      if (filter.conversationId !== undefined) authorize(actor, 'read', 'conversation', await conversations.findById(filter.conversationId));
      return (await covers.listForUser(actor.id, filter)).map(coverRecord);
    },

    async get(actor: Actor, id: number): Promise<CoverArtRecord> {
      return coverRecord(authorize(actor, 'read', 'coverArt', await covers.findById(id)));
    },

    /** The PNG, for its owner or an admin (anyone else: 404). */
    /**
     * The image for its owner or an admin (404 for anyone else): the stored PNG as a stream, or a
     * JPEG made from it (quality 92, 4:4:4, sRGB: well under 10 MB at 3000×3000) for stores with a
     * file-size limit.
     */
    async image(actor: Actor, id: number, format: 'png' | 'jpg' = 'png'): Promise<CoverImageFile> {
      const row = authorize(actor, 'view', 'coverArt', await covers.findById(id));
      if (format === 'png') return { format, body: storage.read(row.image_key), bytes: row.bytes };
      const jpeg = await storage.read(row.image_key).pipe(sharp().jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).withIccProfile('srgb')).toBuffer();
      return { format, body: jpeg, bytes: jpeg.length };
    },

    /** The release kit (master PNG and JPEG, post, story, preview) as a ZIP, for its owner or an admin. */
    async releaseKit(actor: Actor, id: number, options: { releaseDate?: string | null } = {}): Promise<{ zip: Buffer; title: string }> {
      const cover = coverRecord(authorize(actor, 'view', 'coverArt', await covers.findById(id)));
      const releaseDate = options.releaseDate ?? null;
      // A version never changes, so its kit is drawn once per release date and kept beside the image.
      const kitKey = cover.image_key.replace(/\.png$/, releaseDate ? `-kit-${releaseDate}.zip` : '-kit.zip');
      if ((await storage.size(kitKey)) !== undefined) return { zip: await loadImage(kitKey), title: cover.title };
      const master = await loadImage(cover.image_key);
      const design: CoverDesign | null =
        cover.kind === 'built-in'
          ? { title: cover.title, artist: cover.artist, style: cover.style, mood: cover.design.mood, motifs: cover.design.motifs, energy: cover.design.energy, advisory: cover.advisory, seed: Number(cover.seed), edits: cover.edits, releaseDate }
          : null;
      const zip = await releaseKitZip(master, design);
      const written = await storage.write(kitKey, Readable.from([zip]));
      await written.commit();
      return { zip, title: cover.title };
    },

    styleLabel: (style: CoverStyle) => COVER_STYLE_LABELS[style],
    builtInEngine: BUILT_IN_COVER_RENDERER,
  };
}
export type CoverArtService = ReturnType<typeof createCoverArtService>;
