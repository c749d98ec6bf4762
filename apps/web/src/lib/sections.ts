import {
  AudioWaveform,
  Disc3,
  Headphones,
  House,
  ImagePlus,
  Megaphone,
  MessagesSquare,
  PenLine,
  ShieldCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** The app's sections: one entry per nav link, in sidebar order. */
export interface Section {
  id: SectionId;
  /** Nav label and mobile top-bar title. */
  label: string;
  /** Page heading (may be longer than the nav label). */
  title: string;
  subtitle: string;
  path: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

export type SectionId = 'home' | 'songs' | 'chat' | 'lyrics' | 'coverart' | 'marketing' | 'review' | 'studio' | 'payouts' | 'admin';

export const SECTIONS: readonly Section[] = [
  { id: 'home', label: 'Home', title: 'Your Artist Tools', subtitle: 'Select a tool to enhance your creative process', path: '/', icon: House },
  { id: 'songs', label: 'Songs', title: 'Songs', subtitle: 'Every song with its versions, lyrics, review, cover and plan', path: '/songs', icon: Disc3 },
  { id: 'chat', label: 'AI Chat', title: 'AI Chat', subtitle: 'Get expert advice on your music career', path: '/chat', icon: MessagesSquare },
  { id: 'lyrics', label: 'Lyric Assist', title: 'Lyric Assist', subtitle: 'Write lyrics with line ideas and feedback on every draft', path: '/lyrics', icon: PenLine },
  { id: 'coverart', label: 'Cover Art', title: 'Cover Art', subtitle: 'Turn a track into cover art, with a parental advisory option', path: '/cover-art', icon: ImagePlus },
  { id: 'marketing', label: 'Marketing Plan', title: 'Marketing Plan', subtitle: 'A release and promotion plan built around your track', path: '/marketing', icon: Megaphone },
  { id: 'review', label: 'Song Review', title: 'Song Review', subtitle: 'Scores and written feedback on flow, lyrics and more', path: '/review', icon: Headphones },
  { id: 'studio', label: 'Studio', title: 'Studio', subtitle: 'Generate beats in the style you describe', path: '/studio', icon: AudioWaveform },
  { id: 'payouts', label: 'Payouts', title: 'Payouts', subtitle: 'Set up where your royalties are paid', path: '/payouts', icon: Wallet },
  { id: 'admin', label: 'Admin', title: 'Admin Dashboard', subtitle: 'Users, tracks, cover arts and lyrics', path: '/admin', icon: ShieldCheck, adminOnly: true },
];

export function sectionById(id: SectionId): Section {
  const section = SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`Unknown section ${id}`);
  return section;
}

/** Prefix match: /lyrics/12 belongs to Lyric Assist; Home only owns '/' and '/home'. */
export function isSectionActive(section: Section, pathname: string): boolean {
  if (section.id === 'home') return pathname === '/' || pathname === '/home' || pathname === '/home/';
  return pathname === section.path || pathname.startsWith(`${section.path}/`);
}

export function activeSection(pathname: string): Section | undefined {
  return SECTIONS.find((s) => isSectionActive(s, pathname));
}
