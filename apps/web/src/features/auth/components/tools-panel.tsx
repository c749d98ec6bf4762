import { AudioWaveform, Headphones, ImagePlus, Megaphone, PenLine, type LucideIcon } from 'lucide-react';

/**
 * What each tool does with the built-in engines alone (issue 24): the page is rendered at build
 * time, before anyone knows whether a model is connected, so it claims nothing a model adds.
 */
export const TOOLS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: PenLine, title: 'Lyric help as you write', text: 'Rhymes highlighted line by line, next-line rhyme ideas and a score with notes on every draft.' },
  { icon: AudioWaveform, title: 'Beats in nine styles with stems and MIDI', text: 'Describe a beat, pick rap, trap, drill, afrobeats, R&B, jersey club, pop, dance or lo-fi, and download the mix, its stems and the MIDI.' },
  { icon: ImagePlus, title: 'Cover art drawn from your track', text: '3000 × 3000 covers from your lyrics, tempo and key, with an optional parental advisory label.' },
  { icon: Megaphone, title: 'A release plan from your lyrics', text: 'A dated promotion calendar and plan, built from your lyrics, release date and goals.' },
  { icon: Headphones, title: 'Song reviews with scores', text: 'Scores for flow, lyrics, originality and more, from your lyrics and the audio, with written notes.' },
];

/** The side panel on /auth: what the tools do, in plain words. */
export function ToolsPanel() {
  return (
    <section
      aria-labelledby="tools-panel-title"
      className="relative hidden overflow-hidden rounded-3xl bg-gradient-to-br from-hero-from to-hero-to p-10 lg:flex lg:flex-col lg:justify-center"
    >
      <h2 id="tools-panel-title" className="text-3xl font-bold tracking-tight">
        Tools built for artists
      </h2>
      <p className="mt-2 max-w-md text-base opacity-80">Everything in one place, from the first bar to the release plan.</p>
      <ul className="mt-8 grid gap-5">
        {TOOLS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-xl bg-background/70 shadow-sm">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm opacity-80">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
