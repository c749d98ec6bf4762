import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewFocus } from './review-focus';

afterEach(cleanup);

function Harness() {
  const [focus, setFocus] = useState('');
  return <ReviewFocus value={focus} onChange={setFocus} />;
}

describe('ReviewFocus', () => {
  it("shows the spec's four review chips, and each fills the focus box for the artist to finish", async () => {
    render(<Harness />);
    const box = screen.getByLabelText(/What should the review focus on\?/) as HTMLTextAreaElement;
    expect(box.value).toBe('');
    const chips = screen.getAllByRole('button').map((b) => b.textContent);
    expect(chips).toEqual(['Review my lyrics', 'Improve my flow', 'Structure feedback', 'Commercial potential']);

    fireEvent.click(screen.getByRole('button', { name: 'Improve my flow' }));
    expect(box.value).toBe('How can I improve the flow of these bars:\n');
    await waitFor(() => expect(document.activeElement).toBe(box));

    fireEvent.click(screen.getByRole('button', { name: 'Commercial potential' }));
    expect(box.value).toBe('How commercial is this track, and what would make it more so: ');
  });

  it('hides the chips while a review is being made', () => {
    render(<ReviewFocus value="flow" onChange={() => {}} disabled />);
    expect(screen.queryByRole('button')).toBeNull();
    expect((screen.getByLabelText(/What should the review focus on\?/) as HTMLTextAreaElement).disabled).toBe(true);
  });
});
