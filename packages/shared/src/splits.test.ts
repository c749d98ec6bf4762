import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByShares, canonicalSheetText, splitSheetInputSchema, type CanonicalSheet } from './splits';

describe('allocateByShares (largest remainder)', () => {
  it('three equal ways of 100.01 give 33.34, 33.34, 33.33 (tie to the earlier line)', () => {
    expect(allocateByShares(10_001, [1, 1, 1])).toEqual([3334, 3334, 3333]);
    // 33.34% / 33.33% / 33.33%: exact 3334.33, 3333.33, 3333.33 → the one spare cent goes to the largest remainder.
    expect(allocateByShares(10_001, [3334, 3333, 3333])).toEqual([3335, 3333, 3333]);
  });

  it('seven equal ways of 0.10 give 0.02, 0.02, 0.02 and four of 0.01', () => {
    expect(allocateByShares(10, [1, 1, 1, 1, 1, 1, 1])).toEqual([2, 2, 2, 1, 1, 1, 1]);
  });

  it('the largest remainder wins the spare cent, not the order', () => {
    // 1 cent split 30% / 70%: exact 0.3 and 0.7 → the 70% line gets it.
    expect(allocateByShares(1, [3000, 7000])).toEqual([0, 1]);
  });

  it('zero shares get nothing and amounts far beyond float precision stay exact', () => {
    expect(allocateByShares(999, [0, 10_000])).toEqual([0, 999]);
    expect(allocateByShares(9_007_199_254_740_991, [5000, 5000])).toEqual([4_503_599_627_370_496, 4_503_599_627_370_495]);
  });

  const weightsArb = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 }).filter((w) => w.some((x) => x > 0));

  it('parts always sum to the whole, each within one cent of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), weightsArb, (amount, weights) => {
        const parts = allocateByShares(amount, weights);
        const total = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
        parts.forEach((p, i) => {
          expect(Number.isInteger(p)).toBe(true);
          expect(Math.abs(p - (amount * weights[i]!) / total)).toBeLessThan(1);
          if (weights[i] === 0) expect(p).toBe(0);
        });
      }),
    );
  });

  it('a reversal is exactly the negation, and the result is deterministic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), weightsArb, (amount, weights) => {
        const forward = allocateByShares(amount, weights);
        expect(allocateByShares(amount, weights)).toEqual(forward);
        expect(allocateByShares(-amount, weights)).toEqual(forward.map((p) => (p === 0 ? 0 : -p)));
      }),
    );
  });

  it('rejects bad weights and amounts', () => {
    expect(() => allocateByShares(100, [0, 0])).toThrow(RangeError);
    expect(() => allocateByShares(100, [1.5, 2])).toThrow(RangeError);
    expect(() => allocateByShares(100, [-1, 2])).toThrow(RangeError);
    expect(() => allocateByShares(0.5, [1])).toThrow(RangeError);
  });
});

describe('splitSheetInputSchema', () => {
  const member = (userId: string, publishingBps: number, masterBps: number) => ({ userId, roles: ['writer'], publishingBps, masterBps });

  it('takes a member id as a number or its decimal string and always gives a number', () => {
    const both = splitSheetInputSchema.parse({ contributors: [member('12', 5000, 5000), { userId: 34, roles: ['writer'], publishingBps: 5000, masterBps: 5000 }] });
    expect(both.contributors.map((c) => c.userId)).toEqual([12, 34]);
    for (const bad of ['u1', '012', '1.5', '-3', '99999999999', 0, 1.5, -2]) {
      const res = splitSheetInputSchema.safeParse({ contributors: [{ userId: bad, roles: ['writer'], publishingBps: 10_000, masterBps: 10_000 }] });
      expect(res.success, String(bad)).toBe(false);
    }
  });

  it('accepts a sheet whose columns each sum to exactly 10000 bps', () => {
    const ok = splitSheetInputSchema.safeParse({
      contributors: [member('1', 5000, 6000), { name: 'Dee Invited', email: 'dee@example.com', roles: ['producer'], publishingBps: 5000, masterBps: 4000 }],
    });
    expect(ok.success).toBe(true);
  });

  it('rejects columns that do not sum to 100%, naming the column and the sum', () => {
    const bad = splitSheetInputSchema.safeParse({ contributors: [member('1', 5000, 5000), member('2', 4999, 5000)] });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('Publishing shares add up to 99.99%; they must add up to exactly 100%.');
    expect(messages.some((m) => m.startsWith('Master'))).toBe(false);
  });

  it('rejects negative or fractional bps, duplicates, and half-given invitees', () => {
    expect(splitSheetInputSchema.safeParse({ contributors: [member('1', -1, 10_000), member('2', 10_001, 0)] }).success).toBe(false);
    expect(splitSheetInputSchema.safeParse({ contributors: [member('1', 5000.5, 10_000), member('2', 4999.5, 0)] }).success).toBe(false);
    const dup = splitSheetInputSchema.safeParse({ contributors: [member('1', 5000, 5000), member('1', 5000, 5000)] });
    expect(dup.error!.issues.map((i) => i.message)).toContain('This contributor is listed twice.');
    const dupEmail = splitSheetInputSchema.safeParse({
      contributors: [
        { name: 'A', email: 'a@example.com', roles: ['writer'], publishingBps: 5000, masterBps: 5000 },
        { name: 'A again', email: 'A@example.com', roles: ['writer'], publishingBps: 5000, masterBps: 5000 },
      ],
    });
    expect(dupEmail.success).toBe(false);
    expect(splitSheetInputSchema.safeParse({ contributors: [{ name: 'No email', roles: ['writer'], publishingBps: 10_000, masterBps: 10_000 }] }).success).toBe(false);
    expect(splitSheetInputSchema.safeParse({ contributors: [] }).success).toBe(false);
  });

  it('takes a member by username too: one of id, username or name and email, and the same username (case aside) only once', () => {
    const byName = (username: string, share: number) => ({ username, roles: ['writer'], publishingBps: share, masterBps: share });
    const ok = splitSheetInputSchema.safeParse({ contributors: [member('1', 5000, 5000), byName('  Dee ', 5000)] });
    expect(ok.success).toBe(true);
    expect(ok.data!.contributors[1]!.username).toBe('Dee');
    const dup = splitSheetInputSchema.safeParse({ contributors: [byName('dee', 5000), byName('DEE', 5000)] });
    expect(dup.error!.issues.map((i) => i.message)).toContain('This contributor is listed twice.');
    const both = { userId: '1', username: 'dee', roles: ['writer'], publishingBps: 10_000, masterBps: 10_000 };
    expect(splitSheetInputSchema.safeParse({ contributors: [both] }).success).toBe(false);
    const mixed = { username: 'dee', name: 'Dee', email: 'dee@example.com', roles: ['writer'], publishingBps: 10_000, masterBps: 10_000 };
    expect(splitSheetInputSchema.safeParse({ contributors: [mixed] }).success).toBe(false);
    expect(splitSheetInputSchema.safeParse({ contributors: [byName('   ', 10_000)] }).success).toBe(false);
  });
});

describe('canonicalSheetText', () => {
  const sheet: CanonicalSheet = {
    songId: 's1',
    title: 'Night Drive',
    isrc: 'USABC2600001',
    date: '2026-11-26',
    statement: 'We agree to share this song as set out below.',
    contributors: [
      { key: 'u:u1', name: 'Ari', roles: ['writer', 'producer'], publishingBps: 5000, masterBps: 5000 },
      { key: 'e:dee@example.com', name: 'Dee', roles: ['writer'], publishingBps: 5000, masterBps: 5000 },
    ],
  };

  it('is stable under role order and changes when any agreed term changes', () => {
    const base = canonicalSheetText(sheet);
    const reordered = { ...sheet, contributors: [{ ...sheet.contributors[0]!, roles: ['producer', 'writer'] }, sheet.contributors[1]!] };
    expect(canonicalSheetText(reordered)).toBe(base);
    expect(canonicalSheetText({ ...sheet, title: 'Night Drive (Remix)' })).not.toBe(base);
    expect(canonicalSheetText({ ...sheet, isrc: null })).not.toBe(base);
    const shifted = { ...sheet, contributors: [{ ...sheet.contributors[0]!, masterBps: 5001 }, { ...sheet.contributors[1]!, masterBps: 4999 }] };
    expect(canonicalSheetText(shifted)).not.toBe(base);
  });
});
