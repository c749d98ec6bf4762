import type { Holiday } from '@members-only/shared/marketing';

/** Public holidays of the server's holiday country, for moving release deadlines off them. */
export interface HolidayCalendar {
  /** The country (or "US-CA" subdivision) the holidays are of; 'none' for weekends only. */
  readonly country: string;
  /** Public holidays of the year before, of and after `date`'s year, in date order. */
  around(date: string): Promise<Holiday[]>;
}

/**
 * The holidays come from date-holidays in a heavy-work process (holiday-data.ts, ADR 068): each
 * year's list is asked for once and kept here (a dozen entries a year), so the web process never
 * loads the library's 9 MB of rules.
 */
export function createHolidayCalendar(country: string, warn: (message: string) => void = (m) => process.emitWarning(m)): HolidayCalendar {
  const cache = new Map<number, Holiday[]>();
  let known = country !== 'none';

  async function years(wanted: number[]): Promise<Holiday[][]> {
    const missing = wanted.filter((y) => !cache.has(y));
    if (known && missing.length) {
      const { runHeavy } = await import('../heavy/pool');
      const found = await runHeavy('holidays', { country, years: missing });
      if (!found.known) {
        known = false;
        warn(`HOLIDAY_COUNTRY ${country} has no holiday data: deadlines avoid weekends only.`);
      }
      missing.forEach((y, i) => cache.set(y, found.years[i] ?? []));
    }
    return known ? wanted.map((y) => cache.get(y)!) : [];
  }

  return {
    country,
    async around(date) {
      const year = Number(date.slice(0, 4));
      return (await years([year - 1, year, year + 1])).flat();
    },
  };
}
