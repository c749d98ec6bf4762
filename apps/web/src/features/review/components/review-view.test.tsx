import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewView, reviewBody } from './review-view';

afterEach(cleanup);

const MODEL_REVIEW = [
  '**Flow: 8/10**',
  '**Marketability: 7/10**',
  '**Lyrics: 6/10**',
  '**Versatility: 5/10**',
  '**Originality: 9/10**',
  '**Vocabulary: 4/10**',
  "**Estimated Streams:** The model's guess: 20k-50k",
  '**Audience:** Late-night grinders',
  '',
  '## Detailed analysis',
  'Flow: the pocket holds.',
].join('\n');

describe('ReviewView', () => {
  it('shows the scores as bars, the boxes, and the analysis without the lines they already show', () => {
    expect(reviewBody(MODEL_REVIEW)).toBe('## Detailed analysis\nFlow: the pocket holds.');
    render(<ReviewView text={MODEL_REVIEW} engine="gpt-test" />);
    expect(screen.getByRole('progressbar', { name: 'Flow' }).getAttribute('aria-valuetext')).toBe('8 out of 10');
    expect(screen.getByTestId('score-vocabulary').textContent).toBe('4/10');
    expect(screen.getByTestId('review-streams').textContent).toBe("The model's guess: 20k-50k");
    expect(screen.getByTestId('review-audience').textContent).toBe('Late-night grinders');
    expect(screen.getByTestId('review-engine').textContent).toContain('Reviewed by gpt-test');
    expect(screen.getByRole('heading', { name: 'Detailed analysis' })).toBeTruthy();
  });

  it('falls back without inventing a stream figure', () => {
    render(<ReviewView text="Nice track." engine="gpt-test" />);
    expect(screen.getByTestId('review-streams').textContent).toBe('No estimate');
    expect(screen.getByTestId('review-audience').textContent).toContain('Music fans aged 18-34 who appreciate authentic hip-hop');
    expect(screen.getByTestId('score-flow').textContent).toBe('Not scored');
    expect(document.body.textContent).not.toContain('million');
  });
});
