import {
  BUILT_IN_MARKETING_PLANNER,
  refreshGlance,
  type CalendarItem,
  type Holiday,
  MARKETING,
  addDaysIso,
  type MarketingRequest,
  type UpdateMarketingCalendarInput,
} from '@members-only/shared/marketing';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { UnitOfWork } from '../repositories/index';
import type { MarketingPlanRepository, OwnedMarketingPlanRow } from '../repositories/marketing-plan.repository';
import type { TrackRepository } from '../repositories/track.repository';
import type { TextProvider } from '../providers/text/types';
import { incompleteReplyError } from '../providers/text/finish';
import { badRequest, notFound } from '../errors';
import { authorize, type Actor } from '../policies/index';
import { createHolidayCalendar, type HolidayCalendar } from './holidays';
import type { SongService } from './song.service';
import { saveMarketingPlanCommand } from '../commands/save-marketing-plan.command';

/** A saved plan with its JSON columns read. */
export type MarketingPlanRecord = Omit<OwnedMarketingPlanRow, 'quotes' | 'hashtags' | 'calendar' | 'kind'> & {
  quotes: string[];
  hashtags: string[];
  calendar: CalendarItem[];
  kind: 'model' | 'built-in';
  /** Public holidays around the release date (the server's holiday country). */
  holidays: Holiday[];
};

function record(row: OwnedMarketingPlanRow, holidays: Holiday[]): MarketingPlanRecord {
  return {
    ...row,
    quotes: JSON.parse(row.quotes) as string[],
    hashtags: JSON.parse(row.hashtags) as string[],
    calendar: JSON.parse(row.calendar) as CalendarItem[],
    kind: row.kind === 'model' ? 'model' : 'built-in',
    holidays,
  };
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Marketing plans: the built-in planner's (or the model's) plan for a track, saved with its calendar, reopened and re-dated. */
export function createMarketingService(deps: {
  plans: MarketingPlanRepository;
  conversations: ConversationRepository;
  tracks: TrackRepository;
  uow: UnitOfWork;
  text: TextProvider;
  today?: () => string;
  holidays?: HolidayCalendar;
  /** Songs (issue 26): a plan for a song takes its title, lyrics, newest version and release date. */
  songs?: Pick<SongService, 'context' | 'touch'>;
}) {
  const { plans, conversations, tracks, uow, text, today = todayUtc, holidays = createHolidayCalendar('US'), songs } = deps;
  const withHolidays = async (row: OwnedMarketingPlanRow) => record(row, await holidays.around(row.release_date));

  async function marketingConversation(actor: Actor, id: number, action: 'read' | 'write') {
    const conversation = authorize(actor, action, 'conversation', await conversations.findById(id));
    if (conversation.category !== 'marketing') throw badRequest('That conversation is not a Marketing Plan conversation.');
    return conversation;
  }

  const planFor = async (actor: Actor, id: number, action: 'read' | 'update') => authorize(actor, action, 'marketingPlan', await plans.findById(id));

  return {
    isModel: text.isModel,

    /**
     * Writes a plan (a model's answer to the spec's prompt, or the built-in planner's) and saves it
     * to the marketing conversation, creating the conversation with it when none is given. The
     * dated calendar always comes from the built-in planner: dates follow rules, not inspiration.
     */
    async create(actor: Actor, request: MarketingRequest, signal?: AbortSignal): Promise<MarketingPlanRecord> {
      if (request.conversationId !== undefined) await marketingConversation(actor, request.conversationId, 'write');
      const song = request.songId === undefined ? undefined : songs ? await songs.context(actor, request.songId) : undefined;
      if (request.songId !== undefined && !song) throw notFound('Song');
      const trackId = request.trackId ?? song?.latest?.id;
      const track = trackId ? authorize(actor, 'read', 'track', await tracks.findById(trackId)) : undefined;
      if (song && track && track.song_id !== song.song.id) throw badRequest('That track is not a version of this song.', { trackId: ['Not a version of this song'] });
      // The song's lyrics (Lyric Assist first), else the chosen track's transcription; none: the plan says so.
      const lyrics = (song?.lyricsSource === 'lyric-assist' ? song.lyrics : null) ?? (track?.transcription?.trim() || song?.lyrics || null);
      const duration = track?.duration ?? null;
      // The spec's `{ prompt }` is the goals and audience; a song fills in the title and date.
      const input = {
        conversationId: request.conversationId,
        title: request.title ?? song?.song.title ?? 'Untitled release',
        context: (request.context?.trim() ? request.context : request.prompt ?? '').slice(0, MARKETING.contextMax),
        releaseDate: request.releaseDate ?? song?.song.release_date ?? addDaysIso(today(), MARKETING.defaultLeadDays),
      };
      const songId = song?.song.id ?? track?.song_id ?? null;

      const holidayList = await holidays.around(input.releaseDate);
      // The planner runs in a heavy-work process (a light task, ADR 068): its tagger and its copy
      // of the lyric engine are not the web process's to hold.
      const { runHeavy } = await import('../heavy/pool');
      const builtIn = await runHeavy(
        'marketingPlan',
        {
          plan: { title: input.title, lyrics, context: input.context, releaseDate: input.releaseDate, today: today(), duration, holidays: holidayList },
          prompt: text.isModel ? { title: input.title, duration, transcription: lyrics, context: input.context, releaseDate: input.releaseDate } : null,
        },
        { signal },
      );
      let markdown = builtIn.markdown;
      let author = BUILT_IN_MARKETING_PLANNER;
      if (builtIn.prompt !== null) {
        const reply = await text.generate({ task: 'marketing', turns: [{ role: 'user', content: builtIn.prompt }], signal });
        // A cut-off plan loses its calendar and a refusal is no plan: an error the artist can retry.
        const incomplete = incompleteReplyError(reply);
        if (incomplete) throw incomplete;
        markdown = reply.text.trim();
        author = reply.engine;
      }

      const hashtags = [builtIn.hashtags.title, ...builtIn.hashtags.lyrics, ...builtIn.hashtags.places, ...builtIn.hashtags.genre, ...builtIn.hashtags.audience];
      const row = await saveMarketingPlanCommand(
        {
          actor,
          conversationId: input.conversationId,
          plan: {
            track_id: track?.id ?? null,
            song_id: songId,
            title: input.title,
            context: input.context,
            release_date: input.releaseDate,
            markdown,
            quotes: JSON.stringify(builtIn.quotes),
            hashtags: JSON.stringify(hashtags),
            calendar: JSON.stringify(builtIn.calendar),
            engine: author,
            kind: text.isModel ? 'model' : 'built-in',
          },
        },
        { uow },
      );
      return record({ ...row, user_id: actor.id }, holidayList);
    },

    async list(actor: Actor, conversationId: number): Promise<MarketingPlanRecord[]> {
      await marketingConversation(actor, conversationId, 'read');
      return Promise.all((await plans.listForConversation(conversationId)).map(withHolidays));
    },

    async get(actor: Actor, id: number): Promise<MarketingPlanRecord> {
      return withHolidays(await planFor(actor, id, 'read'));
    },

    /** The artist's edits: moved or removed items and a new release date (the items keep their offsets). */
    async updateCalendar(actor: Actor, id: number, input: UpdateMarketingCalendarInput): Promise<MarketingPlanRecord> {
      const plan = await planFor(actor, id, 'update');
      const calendar = JSON.stringify(input.items);
      const holidayList = await holidays.around(input.releaseDate);
      // The plan's "At a glance" dates follow the new release date and the edited calendar.
      const markdown = refreshGlance(plan.markdown, { releaseDate: input.releaseDate, items: input.items, today: today(), holidays: holidayList });
      await uow.run(async (r) => {
        await r.marketingPlans.updateCalendar(plan.id, { release_date: input.releaseDate, calendar, markdown });
        await r.conversations.touch(plan.conversation_id);
      });
      return record({ ...plan, release_date: input.releaseDate, calendar, markdown, updated_at: new Date().toISOString() }, holidayList);
    },
  };
}
export type MarketingService = ReturnType<typeof createMarketingService>;
