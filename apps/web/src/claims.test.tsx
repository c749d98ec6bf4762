/**
 * What the pages claim is true (issue 24, ADR 034): one test per claim, rendered with and without
 * a model where a model changes the words.
 */
import type { User } from '@members-only/shared/auth';
import { COVER_MESSAGES, type CoverArt } from '@members-only/shared/cover';
import { LYRICS_MESSAGES } from '@members-only/shared/lyrics';
import { MARKETING_MESSAGES } from '@members-only/shared/marketing';
import { PAYMENTS_CLOSED } from '@members-only/shared/membership';
import { PHONE_INVALID_MESSAGE } from '@members-only/shared/phone';
import type { QuotasResponse } from '@members-only/shared/quotas';
import { REVIEW_MESSAGES } from '@members-only/shared/review';
import { BEAT_STYLE_LABELS, BUILT_IN_BEAT_ENGINE, STUDIO_MESSAGES, beatMakerName } from '@members-only/shared/studio';
import { TRANSCRIPTION_UNAVAILABLE, type Track } from '@members-only/shared/tracks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MembershipBanner } from '@/app/layout/membership-banner';
import { jobFailureSummary } from '@/features/admin/job-failure';
import { getUser } from '@/features/auth/api/fetch-user';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { TOOLS } from '@/features/auth/components/tools-panel';
import { UserMessage } from '@/features/chat/components/chat-message';
import { CoverResult } from '@/features/cover-art/components/cover-result';
import { CoverArtPage } from '@/features/cover-art/pages/cover-art-page';
import { HomePage } from '@/features/home/pages/home-page';
import { MarketingForm } from '@/features/marketing/components/marketing-form';
import { reviewUploadToast } from '@/features/review/review-upload-toast';
import { ENGINE_INFO_QUERY_KEY } from '@/lib/api/get-engine-info';
import { initialsOf } from '@/lib/initials';
import { quotaUsageText } from '@/lib/quota-text';
import { stubFetchForEachTest } from '@/test/fetch-stub';

/** The words and setting names no artist reads (issue 24). */
export const FORBIDDEN = /transcription|installation|engine|configured|AI_BASE_URL|AI_MODEL|STRIPE_|IMAGE_BASE_URL|IMAGE_MODEL|STT_|MUSIC_API/i;

const fetchMock = stubFetchForEachTest();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function withQueries(node: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}

const engineInfo = (coverImage: { kind: 'model' | 'built-in'; engine: string }) => ({
  isModel: coverImage.kind === 'model',
  engines: { chat: 'Built-in guide', lyrics: 'Built-in guide', coverart: 'Built-in guide', marketing: 'Built-in guide', review: 'Built-in guide' },
  coverImage,
});

function routeFetch(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    return (routes[path] ?? (() => json({ message: 'Not found' }, 404)))();
  });
}

const cover = (over: Partial<CoverArt>): CoverArt =>
  ({
    id: 7,
    conversationId: 3,
    trackId: 1,
    parentId: null,
    title: 'Neon Chrome',
    artist: null,
    style: 'street-art',
    kind: 'built-in',
    engine: 'Built-in cover renderer',
    prompt: 'neon',
    concept: '',
    direction: '',
    advisory: false,
    edits: [],
    unusedWords: [],
    width: 3000,
    height: 3000,
    imageUrl: '/api/coverarts/7/image',
    downloadUrl: '/api/coverarts/7/image?download=1',
    checks: [],
    createdAt: '2026-11-24T10:00:00.000Z',
    ...over,
  }) as CoverArt;

describe('Cover Art claims', () => {
  const noop = () => undefined;
  it('built-in art says "Drawn by the built-in cover renderer" in its badge and caption, never "AI Generated"', () => {
    render(<CoverResult cover={cover({})} versions={[]} busy={false} onSelect={noop} onApplyChanges={async () => true} onTryDifferentStyle={noop} onPickStyle={noop} onReset={noop} />);
    expect(screen.getByTestId('cover-maker-badge').textContent).toBe('Drawn by the built-in cover renderer');
    expect(screen.getByTestId('cover-caption').textContent).toContain('Drawn by the built-in cover renderer');
    expect(document.body.textContent).not.toMatch(/AI Generated/i);
  });

  it('model art names the model', () => {
    render(<CoverResult cover={cover({ kind: 'model', engine: 'gpt-image-1' })} versions={[]} busy={false} onSelect={noop} onApplyChanges={async () => true} onTryDifferentStyle={noop} onPickStyle={noop} onReset={noop} />);
    expect(screen.getByTestId('cover-maker-badge').textContent).toBe('Made by the image model gpt-image-1');
    expect(screen.getByTestId('cover-caption').textContent).toContain('gpt-image-1');
  });

  it('keeps the action buttons in two groups that wrap whole', () => {
    render(<CoverResult cover={cover({})} versions={[]} busy={false} onSelect={noop} onApplyChanges={async () => true} onTryDifferentStyle={noop} onPickStyle={noop} onReset={noop} />);
    const groups = [...screen.getByTestId('cover-actions').children];
    expect(groups.map((g) => g.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Apply Changes Try Different Style', 'DownloadJPEG Release kit']);
    for (const group of groups) expect(group.className).toContain('flex');
  });

  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const renderPage = () =>
    render(
      withQueries(
        <MemoryRouter initialEntries={['/cover-art']}>
          <Routes>
            <Route path="/cover-art" element={<CoverArtPage renderUpload={() => <div />} renderTrack={() => <div />} />} />
          </Routes>
        </MemoryRouter>,
        client,
      ),
    );

  it('is titled "Cover Art" without an image model', async () => {
    routeFetch({ '/api/ai/engine': () => json(engineInfo({ kind: 'built-in', engine: 'Built-in cover renderer' })) });
    client.clear();
    renderPage();
    // The page has the answer, and still says "Cover Art".
    await waitFor(() => expect(client.getQueryState(ENGINE_INFO_QUERY_KEY)?.status).toBe('success'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cover Art');
  });

  it('may say "AI Cover Art Generator" with an image model', async () => {
    routeFetch({ '/api/ai/engine': () => json(engineInfo({ kind: 'model', engine: 'gpt-image-1' })) });
    client.clear();
    renderPage();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AI Cover Art Generator'));
  });
});

describe('sign-in page claims', () => {
  it('lists what the tools do, in plain words', () => {
    const text = TOOLS.map((t) => `${t.title} ${t.text}`).join('\n');
    expect(text).toContain('Cover art drawn from your track');
    expect(text).toContain('Beats in nine styles with stems and MIDI');
    // The count is a claim: a style added or removed must change these words too.
    expect(Object.keys(BEAT_STYLE_LABELS)).toHaveLength(9);
    expect(text).not.toMatch(/Ultra-Realistic|Professional|4K/);
    expect(text).not.toMatch(FORBIDDEN);
  });

  it('shows a wrong password inline, beside the toast', async () => {
    routeFetch({ '/api/login': () => json({ message: 'Invalid username or password' }, 401) });
    render(<AuthScreen onSignedIn={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'artist_1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByTestId('login-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Invalid username or password');
  });

  it('refuses a phone number that is not one before anything is sent', async () => {
    render(<AuthScreen onSignedIn={() => undefined} />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Register' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    const phone = await screen.findByLabelText('Phone number (optional)');
    fireEvent.change(screen.getByLabelText('Username', { selector: '#register-username' }), { target: { value: 'artist_1' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    fireEvent.change(phone, { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: '#register-password' }), { target: { value: 'secret-pass' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PHONE_INVALID_MESSAGE)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('makes the tab panels no Tab stops: the next stop after the tabs is the first field', () => {
    render(<AuthScreen onSignedIn={() => undefined} />);
    for (const panel of screen.getAllByRole('tabpanel', { hidden: true })) expect(panel.getAttribute('tabindex')).toBe('-1');
  });
});

describe('no configuration words for artists', () => {
  const strings = (messages: Record<string, unknown>) => Object.values(messages).map((v) => (typeof v === 'function' ? String((v as (s: string) => string)('x')) : String(v)));

  it('none in the tools’ messages and the words of the built-in makers', () => {
    const texts = [
      ...strings(COVER_MESSAGES),
      ...strings(REVIEW_MESSAGES),
      ...strings(STUDIO_MESSAGES),
      ...strings(LYRICS_MESSAGES),
      ...strings(MARKETING_MESSAGES),
      PAYMENTS_CLOSED,
      TRANSCRIPTION_UNAVAILABLE,
      beatMakerName(BUILT_IN_BEAT_ENGINE),
      ...(['done', 'pending', 'unavailable'] as const).map((s) => reviewUploadToast({ transcriptionStatus: s } as Track).description ?? ''),
    ];
    for (const text of texts) expect(text, text).not.toMatch(FORBIDDEN);
    expect(PAYMENTS_CLOSED).toBe("Payments aren't open yet: an admin can give you Premium.");
    expect(REVIEW_MESSAGES.noTranscription).toMatch(/lyrics/);
  });
});

const quotaOf = (kind: keyof QuotasResponse['quotas'], limit: number, used: number) => ({ kind, limit, used, remaining: Math.max(0, limit - used), resetsAt: '2026-11-25T00:00:00.000Z' });
const quotas: QuotasResponse = {
  plan: 'free',
  quotas: { chat: quotaOf('chat', 30, 18), lyrics: quotaOf('lyrics', 20, 0), review: quotaOf('review', 3, 1), marketing: quotaOf('marketing', 1, 0), cover: quotaOf('cover', 2, 2), beat: quotaOf('beat', 0, 0) },
};

describe('Home', () => {
  it('has a card for every tool, Studio and Payouts too, with today’s use and limit', async () => {
    routeFetch({ '/api/quotas': () => json(quotas) });
    const opened: string[] = [];
    render(
      withQueries(
        <MemoryRouter>
          <HomePage onStartTool={(c) => opened.push(c)} onOpenPath={(p) => opened.push(p)} isPremium={false} />
        </MemoryRouter>,
      ),
    );
    const cards = screen.getByRole('list', { name: 'Tools' });
    for (const name of ['AI Chat', 'Lyric Assist', 'Cover Art', 'Marketing Plan', 'Song Review', 'Studio', 'Payouts']) expect(cards.textContent).toContain(name);
    expect((await screen.findByTestId('home-quota-chat')).textContent).toBe('18 of 30 chat messages used today');
    expect(screen.getByTestId('home-quota-cover').textContent).toBe('2 of 2 cover images used today');
    expect(screen.getByTestId('home-quota-beat').textContent).toBe("Your plan doesn't include beats.");
    fireEvent.click(screen.getByRole('button', { name: /Studio/ }));
    fireEvent.click(screen.getByRole('button', { name: /Payouts/ }));
    expect(opened).toEqual(['studio', '/payouts']);
    expect(document.body.textContent).not.toMatch(FORBIDDEN);
  });

  it('words the usage line', () => {
    expect(quotaUsageText(quotaOf('review', 3, 5))).toBe('3 of 3 song reviews used today');
  });
});

const user = (over: Partial<User>): User => ({
  id: 1,
  username: 'mc_flow',
  email: 'me@example.com',
  phoneNumber: null,
  isAdmin: false,
  isPremium: false,
  membership: { status: 'free', currentPeriodEnd: null },
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('membership banner', () => {
  it('speaks to a free artist', () => {
    render(
      <MemoryRouter>
        <MembershipBanner user={user({})} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Membership status' }).textContent).toContain("You're on the Free plan");
  });

  it('says nothing to an admin', () => {
    const { container } = render(
      <MemoryRouter>
        <MembershipBanner user={user({ isAdmin: true })} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('chat', () => {
  it('shows the user’s initials, not "MC"', () => {
    render(<UserMessage message={{ content: 'hi' }} author="lil_nova" />);
    expect(screen.getByTestId('user-avatar').textContent).toBe('LN');
    expect(initialsOf('alice')).toBe('A');
    expect(initialsOf('LilBaby')).toBe('LB');
    expect(initialsOf('émile.zola')).toBe('ÉZ');
  });

  it('shows the marketing chips by the goals, and a chip starts them', () => {
    const onChange = vi.fn();
    render(withQueries(<MarketingForm values={{ songId: null, trackId: null, title: 'x', context: '', releaseDate: '2026-12-01' }} onChange={onChange} onSubmit={() => undefined} generating={false} tracks={{ tracks: [], loading: false, failed: false }} />));
    const chips = screen.getByRole('list', { name: 'Quick actions' });
    expect(chips.textContent).toBe('Social media planRelease strategyCollaboration ideasPromotion tactics');
    fireEvent.click(screen.getByRole('button', { name: 'Release strategy' }));
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ context: 'Plan a release strategy for my single ' }));
  });
});

describe('admin', () => {
  it('summarises a failed job in plain words before its raw error', () => {
    expect(jobFailureSummary({ type: 'beat.generate', error: 'AbortError: The operation was aborted due to timeout' })).toBe('Making a Studio beat failed: the service took too long.');
    expect(jobFailureSummary({ type: 'track.analyze', error: "ENOENT: no such file or directory, open '/srv/x.wav'" })).toBe('Analysing an uploaded track failed: the uploaded file was missing.');
    expect(jobFailureSummary({ type: 'track.transcribe', error: null })).toBe('Writing out the lyrics of an uploaded track (speech-to-text) failed.');
    expect(jobFailureSummary({ type: 'other.job', error: 'weird' })).toBe('A background job (other.job) failed.');
  });
});

describe('signed-out visit', () => {
  it('asks /api/session once and reads 204 as signed out', async () => {
    routeFetch({ '/api/session': () => new Response(null, { status: 204 }) });
    await expect(getUser()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/session');
  });

  it('reads the signed-in user', async () => {
    routeFetch({ '/api/session': () => json(user({})) });
    await expect(getUser()).resolves.toMatchObject({ username: 'mc_flow' });
  });
});
