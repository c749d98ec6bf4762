import { describe, expect, it } from 'vitest';
import { bpsToPercentText, columnTotal, formatPercent, parsePercent } from './shares';

describe('shares typed as percentages', () => {
  it('turns what is typed into exact basis points, by text and not by float maths', () => {
    expect(parsePercent('33.33')).toBe(3333);
    expect(parsePercent('33,33')).toBe(3333);
    expect(parsePercent('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(parsePercent('1.1')).toBe(110);
    expect(parsePercent('25')).toBe(2500);
    expect(parsePercent(' 100 %')).toBe(10_000);
    expect(parsePercent('100.00')).toBe(10_000);
    expect(parsePercent('')).toBe(0);
    expect(parsePercent('.5')).toBeNull();
  });

  it('refuses more than 2 decimals, more than 100%, negatives and words', () => {
    for (const bad of ['33.333', '100.01', '101', '-5', 'abc', '1e2', '12.3.4']) expect(parsePercent(bad), bad).toBeNull();
  });

  it('shows basis points back as percentages and adds columns up exactly', () => {
    expect(bpsToPercentText(3333)).toBe('33.33');
    expect(bpsToPercentText(5)).toBe('0.05');
    expect(formatPercent(10_000)).toBe('100.00%');
    expect(columnTotal(['33.33', '33.33', '33.34'])).toBe(10_000);
    expect(columnTotal(['50', 'x'])).toBeNull();
  });
});
