import type { Page } from '@playwright/test';
import { expect, expectToast, sidebar, test } from './fixtures';
import { enqueueModel, MODEL_APP_URL, MODEL_NAME, MODEL_STACK, releaseModel, resetModel } from './model';

const messageInput = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const userMessages = (page: Page) => messageLog(page).getByRole('article', { name: 'Your message' });
const replies = (page: Page) => messageLog(page).getByRole('article', { name: 'Assistant reply' });

async function createConversation(page: Page, title: string, category = 'chat'): Promise<number> {
  const res = await page.request.post('/api/conversations', { data: { title, category } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

test('the built-in guide answers in Markdown, and the new chat gets its id and an auto title', async ({ page, user: _user }) => {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Chat' })).toBeVisible();
  await expect(page.getByText('No messages yet. Start a conversation!')).toBeVisible();
  await expect(page.getByTestId('engine-label')).toHaveText('Answers from: Built-in guide');
  await expect(messageInput(page)).toHaveAttribute('placeholder', 'Ask about production, royalties, marketing...');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();

  const created = page.waitForResponse((r) => r.url().endsWith('/api/conversations') && r.request().method() === 'POST');
  await messageInput(page).fill('What is a split sheet?');
  await messageInput(page).press('Enter');
  expect((await created).request().postDataJSON()).toMatchObject({ title: 'Music Chat', category: 'chat' });

  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page)).toContainText('What is a split sheet?');
  await expect(messageInput(page)).toHaveValue('');

  const reply = replies(page).last();
  // Rendered Markdown, not the raw '###' and '-' of the source.
  await expect(reply.getByRole('heading', { name: 'Splits and split sheets' })).toBeVisible();
  await expect(reply.getByRole('listitem').first()).toBeVisible();
  await expect(reply.locator('strong').first()).toBeVisible();
  await expect(reply).not.toContainText('##');
  await expect(reply.getByTestId('message-engine')).toHaveText('Built-in guide');
  await expect(page).toHaveURL(/\/chat\/\d+$/);

  const recent = sidebar(page).getByRole('region', { name: 'Recent Chats' });
  await expect(recent.getByRole('link', { name: 'What is a split sheet?' })).toBeVisible();
  await expect(recent.getByRole('link', { name: 'What is a split sheet?' })).toHaveAttribute('href', new URL(page.url()).pathname);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await reply.getByRole('button', { name: 'Copy', exact: true }).click();
  await expectToast(page, 'Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('A **split sheet** records');

  // The conversation is stored: opening its URL again shows the same messages.
  await page.reload();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(replies(page).getByRole('heading', { name: 'Splits and split sheets' })).toBeVisible();
});

test('Shift+Enter adds a line, blank text is not sent, and an unknown conversation is not found', async ({ page, user: _user }) => {
  await page.goto('/chat');
  const input = messageInput(page);
  await input.fill('   ');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.press('Enter');

  await input.fill('Line one');
  await input.press('Shift+Enter');
  await input.pressSequentially('Line two');
  await expect(input).toHaveValue('Line one\nLine two');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(page).toHaveURL('/chat');

  await page.goto('/chat/987654321');
  await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Start a new chat' }).click();
  await expect(page).toHaveURL('/chat');
  await expect(page.getByText('No messages yet. Start a conversation!')).toBeVisible();
});

test('a message lost to a network failure stays on screen as not sent, and Retry sends it', async ({ page, user: _user }) => {
  await page.goto('/chat');
  await page.route('**/messages/stream', (route) => route.abort('internetdisconnected'));
  await messageInput(page).fill('What is a PRO?');
  await messageInput(page).press('Enter');
  await expectToast(page, 'Error sending message', 'Network error. Please check your connection.');
  await expect(userMessages(page)).toContainText('What is a PRO?');
  await expect(userMessages(page)).toContainText('Not sent');
  await expect(page).toHaveURL(/\/chat\/\d+$/);

  await page.unroute('**/messages/stream');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(replies(page)).toHaveCount(1);
  await expect(replies(page).getByTestId('message-engine')).toHaveText('Built-in guide');
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page)).not.toContainText('Not sent');
});

test('a navigation chip opens its tool without storing an empty conversation', async ({ page, user: _user }) => {
  const created: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/conversations') created.push(r.url());
  });
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Write a verse' }).click();
  await expect(page).toHaveURL(/\/lyrics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lyric Assist' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Lyrics' })).toBeVisible();
  expect(created).toEqual([]);
  expect(await (await page.request.get('/api/conversations')).json()).toEqual([]);
});

test('a conversation can be renamed and deleted from the sidebar', async ({ page, user: _user }) => {
  const id = await createConversation(page, 'Beat budget');
  await page.goto(`/chat/${id}`);
  const recent = sidebar(page).getByRole('region', { name: 'Recent Chats' });

  await recent.getByRole('link', { name: 'Beat budget' }).hover();
  await recent.getByRole('button', { name: 'Actions for Beat budget' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename conversation' });
  await dialog.getByLabel('Title').fill('Tour budget');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(recent.getByRole('link', { name: 'Tour budget' })).toBeVisible();
  expect((await (await page.request.get(`/api/conversations/${id}`)).json()).title).toBe('Tour budget');

  await recent.getByRole('button', { name: 'Actions for Tour budget' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete conversation?' });
  await expect(confirm).toContainText('Tour budget');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // It was open, so the page moves on to a fresh chat.
  await expect(page).toHaveURL('/chat');
  await expect(recent.getByRole('link', { name: 'Tour budget' })).toHaveCount(0);
  expect((await page.request.get(`/api/conversations/${id}`)).status()).toBe(404);
});

test('search finds a conversation by a word in its messages', async ({ page, user: _user }) => {
  const id = await createConversation(page, 'Tour notes');
  const sent = await page.request.post(`/api/conversations/${id}/messages`, {
    data: { role: 'user', content: 'How do I budget for the zebrafinch tour?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.goto('/');
  const search = sidebar(page).getByRole('textbox', { name: 'Search conversations' });
  await search.fill('nothing-matches-this');
  const results = sidebar(page).getByRole('region', { name: 'Search results' });
  await expect(results).toContainText('No conversations match');

  await search.fill('ZEBRAFINCH');
  await expect(results.getByRole('link', { name: /Tour notes/ })).toBeVisible();
  await results.getByRole('link', { name: /Tour notes/ }).click();
  await expect(page).toHaveURL(`/chat/${id}`);
  await expect(userMessages(page)).toContainText('zebrafinch');

  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(results).toHaveCount(0);
  await expect(sidebar(page).getByRole('region', { name: 'Recent Chats' })).toBeVisible();
});

test('a long conversation opens at its latest 50 messages, and earlier ones load above without moving the page', async ({ page, user: _user }) => {
  const id = await createConversation(page, 'Long session');
  // 28 questions, each answered by the built-in guide: 56 messages.
  for (let i = 1; i <= 28; i++) {
    const sent = await page.request.post(`/api/conversations/${id}/messages`, { data: { role: 'user', content: `Question ${i}: how do royalties work?` } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await page.goto(`/chat/${id}`);
  const messages = messageLog(page).getByRole('article');
  await expect(messages).toHaveCount(50);
  // The latest 50: question 4 onwards.
  await expect(userMessages(page).first()).toContainText('Question 4:');
  await expect(userMessages(page).last()).toContainText('Question 28:');

  // The earlier page is held back until the button has been seen loading.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/messages\?.*before=/, async (route) => {
    await held;
    await route.continue();
  });
  const earlier = page.getByRole('button', { name: 'Show earlier messages' });
  await earlier.scrollIntoViewIfNeeded();
  const question4 = userMessages(page).filter({ hasText: 'Question 4:' });
  const top = (await question4.boundingBox())!.y;
  await earlier.click();
  await expect(page.getByRole('button', { name: 'Loading…' })).toBeDisabled();
  release();

  await expect(messages).toHaveCount(56);
  await expect(userMessages(page).first()).toContainText('Question 1:');
  await expect(page.getByRole('button', { name: /Show earlier messages|Loading/ })).toHaveCount(0);
  // The message the artist was at stays where it was, the earlier ones above it.
  expect(Math.abs((await question4.boundingBox())!.y - top)).toBeLessThan(2);
});

test.describe('with a language model', MODEL_STACK, () => {
  // One scripted model serves every test here: run them one after another.
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: MODEL_APP_URL });

  test.beforeEach(async ({ request }) => {
    await resetModel(request);
  });

  test('a reply streams in and renders safe Markdown', async ({ page, request, user: _user }) => {
    const text = [
      'Here is your release plan:',
      '',
      '| Week | Task |',
      '| --- | --- |',
      '| 1 | Tease the single |',
      '| 2 | Release day |',
      '',
      'Read [the guide](https://example.com/guide) and <b>html</b> here.',
      '',
      'That is everything for this plan, ending on the word finale.',
    ].join('\n');
    // Held after its first line until the test has seen it mid-stream, however slow the machine.
    await enqueueModel(request, { kind: 'reply', text, chunkDelayMs: 100, holdAfter: 'release plan:' });

    await page.goto('/chat');
    await expect(page.getByTestId('engine-label')).toHaveText(`Answers from: ${MODEL_NAME}`);
    await messageInput(page).fill('Plan my release');
    await messageInput(page).press('Enter');

    const reply = replies(page).last();
    await expect(reply).toContainText('Here is your release plan');
    // Token by token: the start is on screen before the end has arrived.
    await expect(reply).not.toContainText('finale.');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await releaseModel(request);

    await expect(reply).toContainText('finale.', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await expect(reply.locator('table')).toBeVisible();
    await expect(reply.getByRole('cell', { name: 'Tease the single' })).toBeVisible();
    const link = reply.getByRole('link', { name: 'the guide' });
    await expect(link).toHaveAttribute('href', 'https://example.com/guide');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Raw HTML from the model is never rendered as HTML.
    await expect(reply.locator('b')).toHaveCount(0);
    await expect(reply).toContainText('and html here');
    await expect(reply.getByTestId('message-engine')).toHaveText(MODEL_NAME);
  });

  test('a long reply is shown from its start while it streams, not followed to its end', async ({ page, request, user: _user }) => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: keep the hook simple, repeat it, and let the verse tell the story.`);
    const text = ['Opening line of the answer.', '', ...paragraphs.flatMap((p) => [p, '']), 'Closing line, the finale.'].join('\n');
    // The reply holds after its 30th paragraph until the test has looked at it mid-stream: on a slow
    // machine a reply that ran on could end before the page showed that far.
    await enqueueModel(request, { kind: 'reply', text, chunkDelayMs: 4, holdAfter: 'Paragraph 31:' });
    await page.goto('/chat');
    await messageInput(page).fill('Give me a long plan');
    await messageInput(page).press('Enter');

    const reply = replies(page).last();
    const startInView = async () => {
      const box = await reply.boundingBox();
      return box !== null && box.y >= 0 && box.y < 200;
    };
    // While it streams, well past one screen: the start stays in view.
    await expect(reply).toContainText('Paragraph 30');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    expect(await startInView()).toBe(true);
    await releaseModel(request);
    await expect(reply).toContainText('finale.', { timeout: 15_000 });
    expect(await startInView()).toBe(true);
    await expect(reply.getByText('Opening line of the answer.')).toBeInViewport();
    // The end is below, for the artist to scroll to.
    await expect(reply.getByText('Closing line, the finale.')).not.toBeInViewport();
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    expect(atBottom).toBe(false);

    // The artist scrolls on: the page no longer moves on its own.
    await page.mouse.wheel(0, 600);
    // The wheel scrolls smoothly: wait until the artist's own scroll has come to rest, and then
    // stays at rest (the same position over three readings 200 ms apart, no pull back to the reply).
    let last = -1;
    let still = 0;
    await expect
      .poll(async () => {
        const y = await page.evaluate(() => window.scrollY);
        still = y > 0 && y === last ? still + 1 : 0;
        last = y;
        return still;
      }, { intervals: [200] })
      .toBeGreaterThanOrEqual(3);
  });

  test('a failed reply keeps the message, says why, and Retry answers it', async ({ page, request, user: _user }) => {
    await enqueueModel(request, { kind: 'status', status: 500 });
    await page.goto('/chat');
    await messageInput(page).fill('Will this work?');
    await messageInput(page).press('Enter');

    await expectToast(page, 'Error sending message', 'Server error. This could be an OpenAI API issue.');
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page)).toContainText('Will this work?');
    await expect(replies(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/chat\/\d+$/);

    await enqueueModel(request, { kind: 'reply', text: 'Yes, it works after a retry.' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(replies(page)).toHaveCount(1);
    await expect(replies(page)).toContainText('Yes, it works after a retry.');
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(userMessages(page)).toHaveCount(1);
  });

  test("a rate-limited reply waits the service's Retry-After before offering Retry", async ({ page, request, user: _user }) => {
    await enqueueModel(request, { kind: 'status', status: 429, headers: { 'retry-after': '3' } });
    await page.goto('/chat');
    await messageInput(page).fill('Too fast?');
    await messageInput(page).press('Enter');

    // The wait is shown first, and no Retry button until it is over.
    await expect(page.getByRole('status').filter({ hasText: /Retry in [1-3] s/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    const shown = Date.now();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - shown).toBeGreaterThan(1000);

    await enqueueModel(request, { kind: 'reply', text: 'Answered after the wait.' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(replies(page)).toContainText('Answered after the wait.');
  });

  test('Stop keeps the partial reply, labelled Stopped', async ({ page, request, user: _user }) => {
    const words = Array.from({ length: 150 }, (_, i) => `word${i}`);
    // Held after word5 until Stop ends the request: the rest can never arrive first.
    await enqueueModel(request, { kind: 'reply', text: words.join(' '), chunkDelayMs: 80, holdAfter: 'word5 ' });
    await page.goto('/chat');
    await messageInput(page).fill('Tell me a long story');
    await messageInput(page).press('Enter');

    const reply = replies(page).last();
    await expect(reply).toContainText('word3');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(reply.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled(); // empty input
    await expect(reply).not.toContainText('word149');

    // The server kept it.
    await page.reload();
    await expect(replies(page)).toHaveCount(1);
    await expect(replies(page)).toContainText('word3');
    await expect(replies(page).getByText('Stopped', { exact: true })).toBeVisible();
  });

  test('Regenerate replaces the last reply', async ({ page, request, user: _user }) => {
    await enqueueModel(request, { kind: 'reply', text: 'First answer: alpha.' }, { kind: 'reply', text: 'Second answer: beta.' });
    await page.goto('/chat');
    await messageInput(page).fill('Give me an answer');
    await messageInput(page).press('Enter');
    await expect(replies(page)).toContainText('alpha');

    await replies(page).getByRole('button', { name: 'Regenerate' }).click();
    await expect(replies(page)).toContainText('beta');
    await expect(replies(page)).toHaveCount(1);
    await expect(replies(page)).not.toContainText('alpha');

    await page.reload();
    await expect(replies(page)).toHaveCount(1);
    await expect(replies(page)).toContainText('beta');
  });
});
