import type { Holiday } from '@members-only/shared/marketing';

/**
 * Public holidays of a country (or "US-CA" subdivision) by year, from date-holidays: pure data and
 * rules (no network), about 9 MB of heap once loaded and 0.25 s to import. It runs in a heavy-work
 * process (tasks.ts's `holidays`, ADR 068), so the web process never holds it; the web process
 * keeps each year's short list (holidays.ts).
 */
export async function publicHolidays(country: string, years: number[]): Promise<{ known: boolean; years: Holiday[][] }> {
  const { default: Holidays } = await import('date-holidays');
  const [c, state] = country.split('-');
  const hd = new Holidays();
  const known = Object.hasOwn(hd.getCountries(), c!) && (!state || Object.hasOwn(hd.getStates(c!) ?? {}, state));
  if (!known) return { known, years: [] };
  hd.init(c!, ...(state ? [state] : []));
  return {
    known,
    years: years.map((y) =>
      hd
        .getHolidays(y)
        .filter((h) => h.type === 'public')
        .map((h) => ({ date: h.date.slice(0, 10), name: h.name })),
    ),
  };
}
