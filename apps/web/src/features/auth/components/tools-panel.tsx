import { AudioWaveform, Headphones, ImagePlus, Megaphone, PenLine, type LucideIcon } from 'lucide-react';

const TOOLS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: PenLine, title: 'Advanced Lyric Assistance', text: 'Line ideas as you write and feedback with a score on every draft.' },
  { icon: AudioWaveform, title: 'Professional Beat Production', text: 'Describe a beat, pick a style (rap, trap, pop, dance, lo-fi) and generate it.' },
  { icon: ImagePlus, title: 'Ultra-Realistic Cover Art', text: 'Cover art from your track, with an optional parental advisory label.' },
  { icon: Megaphone, title: 'Marketing & Career Guidance', text: 'A release and promotion plan built from your lyrics and goals.' },
  { icon: Headphones, title: 'Professional Track Reviews', text: 'Scores for flow, lyrics, originality and more, with written notes.' },
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
