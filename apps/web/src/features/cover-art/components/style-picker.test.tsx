import { COVER_MESSAGES, COVER_STYLES, type CoverArt } from '@members-only/shared/cover';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoverResult } from './cover-result';
import { stylePreviewUrl } from './style-picker';

const cover = (over: Partial<CoverArt>): CoverArt => ({
  id: 7,
  userId: 1,
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
  seed: 1,
  bytes: 1,
  edits: [],
  unusedWords: [],
  width: 3000,
  height: 3000,
  imageUrl: '/api/coverarts/7/image',
  downloadUrl: '/api/coverarts/7/image?download=1',
  checks: [],
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const noop = () => undefined;
afterEach(cleanup);

describe('the style picker and the unused words', () => {
  it('shows every style with its preview, marks the current one, and restyles with the one picked', () => {
    const onPickStyle = vi.fn();
    render(<CoverResult cover={cover({})} versions={[]} busy={false} onSelect={noop} onApplyChanges={async () => true} onTryDifferentStyle={noop} onPickStyle={onPickStyle} onReset={noop} />);
    const picker = screen.getByTestId('style-picker');
    const buttons = within(picker).getAllByRole('button');
    expect(buttons).toHaveLength(COVER_STYLES.length);
    expect(picker.querySelectorAll('img')[0]!.getAttribute('src')).toBe(stylePreviewUrl(COVER_STYLES[0]));
    const current = within(picker).getByRole('button', { name: /street art/i });
    expect(current.getAttribute('aria-pressed')).toBe('true');
    expect((current as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(picker).getByRole('button', { name: /swiss typographic/i }));
    expect(onPickStyle).toHaveBeenCalledWith('swiss-typographic');
  });

  it('is disabled while a version is drawn', () => {
    const onPickStyle = vi.fn();
    render(<CoverResult cover={cover({})} versions={[]} busy onSelect={noop} onApplyChanges={async () => true} onTryDifferentStyle={noop} onPickStyle={onPickStyle} onReset={noop} />);
    for (const button of within(screen.getByTestId('style-picker')).getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('says which words of the edit were not used, and says nothing when all were', () => {
    const { rerender } = render(
      <CoverResult cover={cover({ edits: ['make it blue with a dragon'], unusedWords: ['dragon'] })} versions={[]} busy={false} onSelect={noop} onApplyChanges={async () => true} onTryDifferentStyle={noop} onPickStyle={noop} onReset={noop} />,
    );
    expect(screen.getByTestId('cover-unused-words').textContent).toBe(COVER_MESSAGES.unusedWords(['dragon']));
    expect(screen.getByTestId('cover-unused-words').textContent).toContain('"dragon"');
    rerender(<CoverResult cover={cover({ edits: ['make it blue'] })} versions={[]} busy={false} onSelect={noop} onApplyChanges={async () => true} onTryDifferentStyle={noop} onPickStyle={noop} onReset={noop} />);
    expect(screen.queryByTestId('cover-unused-words')).toBeNull();
  });
});
