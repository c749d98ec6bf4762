import type { LyricSuggestionsResult, RhymeTarget } from '@members-only/shared/lyrics';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuggestionsPanel } from './suggestions-panel';

const targets: RhymeTarget[] = [
  { text: 'Aim for ~7 syllables ending on a rhyme for "city": pretty / gritty / witty (perfect)', target: 'city', syllables: 7, rhymes: ['pretty', 'gritty', 'witty', 'committee'] },
  { text: 'Aim for ~7 syllables ending on a slant rhyme for "city" (same IY vowel): busy / dizzy', target: 'city', syllables: 7, rhymes: ['busy', 'dizzy'] },
];
const engineResult: LyricSuggestionsResult = { suggestions: targets.map((t) => t.text), engine: 'Built-in rhyme finder', kind: 'rhyme-targets', targets };

afterEach(cleanup);

function renderPanel(overrides: Partial<Parameters<typeof SuggestionsPanel>[0]> = {}) {
  const props = {
    result: engineResult,
    loading: false,
    autoSuggest: true,
    canRequest: true,
    onRefresh: vi.fn(),
    onChooseLine: vi.fn(),
    onChooseTarget: vi.fn(),
    chosenTarget: null,
    onInsertWord: vi.fn(),
    onDismissTarget: vi.fn(),
    ...overrides,
  };
  render(<SuggestionsPanel {...props} />);
  return props;
}

describe('SuggestionsPanel with the built-in engine’s rhyme targets', () => {
  it('says plainly which engine made them, and asks nothing of the artist about setup', () => {
    renderPanel();
    expect(screen.getByTestId('suggestions-engine').textContent).toBe('From the built-in rhyme finder: targets, not written lines.');
    expect(screen.getByTestId('suggestions-panel').textContent).not.toMatch(/configur|AI model/i);
  });

  it('hands the chosen target, rhyme words and all, to the notepad', () => {
    const props = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: targets[1]!.text }));
    expect(props.onChooseTarget).toHaveBeenCalledWith(targets[1]);
    expect(props.onChooseLine).not.toHaveBeenCalled();
  });

  it('offers the chosen target’s rhyme words as chips that go in at the cursor', () => {
    const props = renderPanel({ chosenTarget: targets[0]! });
    const chips = within(screen.getByRole('group', { name: 'Rhyme words for “city”' }));
    expect(chips.getAllByRole('button', { name: /^(pretty|gritty|witty|committee)$/ }).map((b) => b.textContent)).toEqual(['pretty', 'gritty', 'witty', 'committee']);
    fireEvent.click(chips.getByRole('button', { name: 'gritty' }));
    expect(props.onInsertWord).toHaveBeenCalledWith('gritty');
    expect(screen.getByRole('button', { name: targets[0]!.text }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chips.getByRole('button', { name: 'Close rhyme words' }));
    expect(props.onDismissTarget).toHaveBeenCalled();
  });

  it('shows a target’s stress pattern and offers its phrase ideas as chips after the words', () => {
    const stayin: RhymeTarget = {
      text: "13 syllables, land on -ayin': sayin', playin', pay in",
      target: "stayin'",
      syllables: 13,
      rhymes: ["sayin'", "playin'"],
      sound: "-ayin'",
      phrases: ['pay in', 'made it in'],
      stress: 'da DUM da DUM',
    };
    const props = renderPanel({ result: { ...engineResult, suggestions: [stayin.text], targets: [stayin] }, chosenTarget: stayin });
    expect(screen.getByTestId('target-stress').textContent).toBe('Stress: da DUM da DUM');
    const chips = within(screen.getByRole('group', { name: "Rhyme words for “stayin'”" }));
    expect(chips.getAllByRole('button', { name: /in/ }).map((b) => b.textContent)).toEqual(["sayin'", "playin'", 'pay in', 'made it in']);
    fireEvent.click(chips.getByRole('button', { name: 'made it in' }));
    expect(props.onInsertWord).toHaveBeenCalledWith('made it in');
  });

  it('appends a model’s line as it is', () => {
    const props = renderPanel({ result: { suggestions: ['stacking paper till the morning light'], engine: 'studio-model', kind: 'model' } });
    expect(screen.getByTestId('suggestions-engine').textContent).toBe('Written by studio-model');
    fireEvent.click(screen.getByRole('button', { name: 'stacking paper till the morning light' }));
    expect(props.onChooseLine).toHaveBeenCalledWith('stacking paper till the morning light');
  });
});
