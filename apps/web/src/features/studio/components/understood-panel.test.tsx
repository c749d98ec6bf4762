import type { BeatUnderstanding } from '@members-only/shared/studio';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UnderstoodPanel } from './understood-panel';

afterEach(cleanup);

const drill: BeatUnderstanding = {
  builtIn: true,
  style: 'drill',
  chosenStyle: 'trap',
  bpm: 142,
  bpmRange: { min: 138, max: 145 },
  key: 'F# minor',
  mode: 'minor',
  mood: 'dark',
  instruments: ['piano', 'bells', '808'],
  lengthSec: null,
};

describe('UnderstoodPanel', () => {
  it('shows what the description names, and that its style wins over the dropdown', () => {
    render(<UnderstoodPanel understanding={drill} />);
    const panel = screen.getByRole('region', { name: 'What the beat maker will read' });
    expect(screen.getByTestId('understood-style').textContent).toBe('Drill');
    expect(panel.textContent).toContain('from your description, instead of Trap chosen above');
    expect(screen.getByTestId('understood-tempo').textContent).toBe('142 BPM');
    expect(screen.getByTestId('understood-key').textContent).toBe('F# minor');
    expect(screen.getByTestId('understood-mood').textContent).toBe('Dark');
    expect(screen.getByTestId('understood-sounds').textContent).toBe('piano, bells, 808');
    expect(screen.getByTestId('understood-length').textContent).toBe('about 1:30');
  });

  it('says what is left to be picked when the beat is made', () => {
    render(<UnderstoodPanel understanding={{ ...drill, style: 'lofi', chosenStyle: 'lofi', bpm: null, bpmRange: { min: 70, max: 90 }, key: null, mode: 'major', mood: null, lengthSec: 40 }} />);
    const panel = screen.getByRole('region', { name: 'What the beat maker will read' });
    expect(panel.textContent).toContain('Lo-Fi (chosen above)');
    expect(panel.textContent).toContain('70–90 BPM (picked when made)');
    expect(panel.textContent).toContain('a major key (picked when made)');
    expect(screen.getByTestId('understood-length').textContent).toBe('0:40');
    expect(screen.queryByTestId('understood-mood')).toBeNull();
  });

  it('says a hosted music service reads the description itself', () => {
    render(<UnderstoodPanel understanding={{ ...drill, builtIn: false }} />);
    expect(screen.getByTestId('beat-understanding').textContent).toBe('The music service reads your description as you wrote it.');
    expect(screen.queryByTestId('understood-style')).toBeNull();
  });
});
