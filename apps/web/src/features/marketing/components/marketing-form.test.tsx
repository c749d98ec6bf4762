import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketingForm } from './marketing-form';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderForm(generating: boolean, trackId: number | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MarketingForm
        values={{ songId: null, trackId, title: 'Paper Plan', context: 'Atlanta, TikTok', releaseDate: '2027-01-22' }}
        onChange={() => {}}
        onSubmit={() => {}}
        generating={generating}
        tracks={{ tracks: [], loading: false, failed: false }}
      />
    </QueryClientProvider>,
  );
}

describe('MarketingForm while a plan is written', () => {
  it('shows no progress bar on a timer, only what the planner does (issue 27)', () => {
    vi.useFakeTimers();
    renderForm(true, 3);
    expect(screen.queryByRole('progressbar')).toBeNull();
    const status = screen.getByTestId('marketing-progress');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('Reading your lyrics, goals and release date, then setting the dates and writing the plan.');
    // Nothing moves with time: there is no timer behind it.
    vi.advanceTimersByTime(20_000);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not mention lyrics when no track was chosen', () => {
    renderForm(true, null);
    expect(screen.getByTestId('marketing-progress').textContent).not.toMatch(/lyrics/);
  });
});
