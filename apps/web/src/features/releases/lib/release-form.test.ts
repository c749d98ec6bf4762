import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { newLinkRow, serverFieldErrors, toReleaseInput, validateReleaseForm, type ReleaseFormValues } from './release-form';

const form = (overrides: Partial<ReleaseFormValues> = {}): ReleaseFormValues => ({
  published: true,
  slug: ' Paper-Plan ',
  releaseDate: '',
  links: [],
  coverArtId: '',
  previewStart: '0',
  previewSeconds: '30',
  ...overrides,
});

describe('the release form', () => {
  it('sends a lowercased address, no empty rows, a cleared date as null, and the cover only when there is a choice', () => {
    const v = form({ links: [newLinkRow('spotify', ' https://open.spotify.com/x '), newLinkRow()], coverArtId: '4' });
    expect(toReleaseInput(v, { chooseCover: false })).toEqual({
      slug: 'paper-plan',
      published: true,
      links: [{ service: 'spotify', url: 'https://open.spotify.com/x' }],
      previewStart: 0,
      previewSeconds: 30,
      releaseDate: null,
    });
    expect(toReleaseInput(v, { chooseCover: true }).coverArtId).toBe(4);
    expect(toReleaseInput(form(), { chooseCover: true }).coverArtId).toBeNull();
  });

  it('finds the same mistakes as the server, under the row on screen', () => {
    const v = form({
      slug: 'a',
      previewStart: '1.5',
      links: [newLinkRow('tidal', 'https://tidal.com/x'), newLinkRow(), newLinkRow('tidal', 'http://tidal.com/y'), newLinkRow('', 'https://x.example')],
    });
    const errors = validateReleaseForm(v, { chooseCover: false });
    expect(errors.slug).toMatch(/3 to 60 lowercase letters/);
    expect(errors.previewStart).toMatch(/whole seconds/);
    expect(errors['links.2.service']).toBe('Each store once');
    expect(errors['links.2.url']).toBe('Enter the full link, starting with https://');
    expect(errors['links.3.service']).toBe('Choose the store');
    expect(errors['links.0.url']).toBeUndefined();
  });

  it('accepts a good page, and a preview that fits the version', () => {
    expect(validateReleaseForm(form({ links: [newLinkRow('bandcamp', 'https://nova.bandcamp.com/track/x')], previewStart: '90' }), { chooseCover: false }, 120)).toEqual({});
    expect(validateReleaseForm(form({ previewStart: '91' }), { chooseCover: false }, 120).previewStart).toMatch(/past the end/);
  });

  it('maps the server’s link numbers back to the rows on screen', () => {
    const v = form({ links: [newLinkRow(), newLinkRow('deezer', 'https://deezer.com/x')] });
    const error = new HttpError(400, 'Bad Request', JSON.stringify({ message: 'No', fieldErrors: { 'links.0.url': ['This is not a Deezer link'], slug: ['Taken', 'Other'] } }));
    expect(serverFieldErrors(error, v)).toEqual({ 'links.1.url': 'This is not a Deezer link', slug: 'Taken' });
    expect(serverFieldErrors(new Error('x'), v)).toEqual({});
  });
});
