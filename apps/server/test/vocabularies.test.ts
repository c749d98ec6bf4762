// One home for each vocabulary the engines and the API share. The API's lists live in
// packages/shared (the server and the web app import them from there); the engines cannot import
// the workspace, so they hold a copy of the few they need, and this test fails the moment a copy
// differs from its home.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { REVIEW_CATEGORIES, REVIEW_CATEGORY_LABELS } from '@members-only/shared/review';
import { COVER_STYLES, COVER_STYLE_LABELS } from '@members-only/shared/cover';
import { BEAT_STYLES } from '@members-only/shared/studio';
import { RHYME_KINDS, type RhymeKind } from '@members-only/shared/lyrics';
import type { ToolType } from '@members-only/shared';
import { CATEGORIES, CATEGORY_LABELS } from '@members-only/engines/review';
import { COVER_STYLE_IDS, COVER_STYLE_LABELS as ENGINE_COVER_STYLE_LABELS } from '@members-only/engines/cover';
import { BEAT_STYLES as ENGINE_BEAT_STYLES } from '@members-only/engines/beats';
import { analyzeLyrics, type FamilyType } from '@members-only/engines/lyrics';
import type { GuideToolType } from '@members-only/engines/guide';

describe("the engines' vocabularies are the API's", () => {
  it('review dimensions, in order, with the same labels', () => {
    expect([...CATEGORIES]).toEqual([...REVIEW_CATEGORIES]);
    expect(CATEGORY_LABELS).toEqual(REVIEW_CATEGORY_LABELS);
  });

  it('cover styles, in order, with the same labels', () => {
    expect([...COVER_STYLE_IDS]).toEqual([...COVER_STYLES]);
    expect(ENGINE_COVER_STYLE_LABELS).toEqual(COVER_STYLE_LABELS);
  });

  it('beat styles, in order', () => {
    expect([...ENGINE_BEAT_STYLES]).toEqual([...BEAT_STYLES]);
  });

  it("rhyme kinds: the lyric engine's family types, and every kind it reports is one the API knows", () => {
    expectTypeOf<FamilyType>().toEqualTypeOf<RhymeKind>();
    const analysis = analyzeLyrics(['I keep the money stacking on the shelf', 'keep it to myself, I do it for my health', 'paper plan in the city of the data plan', 'running through the night, I am the only man'].join('\n'));
    const kinds = new Set(analysis.families.map((f) => f.type));
    expect(kinds.size).toBeGreaterThan(0);
    for (const kind of kinds) expect(RHYME_KINDS).toContain(kind);
  });

  it("tool types: the guide's are the conversations'", () => {
    expectTypeOf<GuideToolType>().toEqualTypeOf<ToolType>();
  });
});
