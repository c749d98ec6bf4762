import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UnderstoodNote } from './understood-note';

afterEach(cleanup);

describe('UnderstoodNote', () => {
  it('shows the style, tempo and key made, and says when the description overrode the dropdown', () => {
    render(<UnderstoodNote beat={{ style: 'drill', model: 'trap', bpm: 142, key: 'F# minor', title: 'Drill, F# minor, 142' }} />);
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('Made: Drill · 142 BPM · F# minor');
    expect(note.textContent).toContain('Your description asked for Drill, so it was made instead of Trap (the style chosen above).');
  });

  it('says nothing of the dropdown when the style is the one chosen', () => {
    render(<UnderstoodNote beat={{ style: 'rnb', model: 'rnb', bpm: 70, key: 'A minor', title: null }} />);
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('Made: R&B · 70 BPM · A minor');
  });
});
