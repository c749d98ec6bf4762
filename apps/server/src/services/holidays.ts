import type { Holiday } from '@members-only/shared/marketing';

/** Public holidays of the server's holiday country, for moving release deadlines off them. */
export interface HolidayCalendar {
  /** The country (or "US-CA" subdivision) the holidays are of; 'none' for weekends only. */
  readonly country: string;
  /** Public holidays of the year before, of and after `date`'s year, in date order. */
  around(date: string): Promise<Holiday[]>;
}

type HolidaysModule = typeof import('date-holidays');
let loading: Promise<HolidaysModule> | undefined;

/**
 * date-holidays is pure data and rules (no network), about 12 MB of it: loaded on the first plan,
 * not at start (it takes about 0.25 s to import).
 */
export function createHolidayCalendar(country: string, warn: (message: string) => void = (m) => process.emitWarning(m)): HolidayCalendar {
  const cache = new Map<number, Holiday[]>();
  let calendar: { getHolidays(year: number): { date: string; name: string; type: string }[] } | null | undefined;

  async function load() {
    if (calendar !== undefined) return calendar;
    if (country === 'none') return (calendar = null);
    loading ??= import('date-holidays');
    const { default: Holidays } = await loading;
    const [c, state] = country.split('-');
    const hd = new Holidays();
    const known = Object.hasOwn(hd.getCountries(), c!) && (!state || Object.hasOwn(hd.getStates(c!) ?? {}, state));
    if (known) hd.init(c!, ...(state ? [state] : []));
    if (!known) {
      warn(`HOLIDAY_COUNTRY ${country} has no holiday data: deadlines avoid weekends only.`);
      return (calendar = null);
    }
    return (calendar = hd);
  }

  return {
    country,
    async around(date) {
      const cal = await load();
      if (!cal) return [];
      const year = Number(date.slice(0, 4));
      const out: Holiday[] = [];
      for (const y of [year - 1, year, year + 1]) {
        let list = cache.get(y);
        if (!list) {
          list = cal
            .getHolidays(y)
            .filter((h) => h.type === 'public')
            .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
          cache.set(y, list);
        }
        out.push(...list);
      }
      return out;
    },
  };
}
