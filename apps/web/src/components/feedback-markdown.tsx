import { Fragment, type ReactNode } from 'react';

/**
 * A small Markdown renderer for feedback and reviews (Lyric Assist, Song Review): headings, paragraphs, bullet and numbered lists, bold,
 * italics, inline code and http(s) links. It only ever creates React text nodes and a fixed set of
 * elements, so model output can never inject HTML (amendment B9), and it keeps a full Markdown
 * library out of the Lyric Assist bundle.
 */
export function FeedbackMarkdown({ text, headingLevel }: { text: string; headingLevel?: 3 | 4 | 5 }) {
  return <div className="flex flex-col gap-2 text-sm leading-relaxed">{blocks(text, headingLevel)}</div>;
}

type Block = { kind: 'p' | 'h' | 'quote'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

const BULLET = /^\s*(?:[-*+]\s+|•\s*)(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/;
const QUOTE = /^\s*>\s?(.*)$/;

function parse(text: string): Block[] {
  const out: Block[] = [];
  const last = () => out[out.length - 1];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      out.push({ kind: 'p', lines: [] });
      continue;
    }
    let m: RegExpExecArray | null;
    if ((m = HEADING.exec(line))) out.push({ kind: 'h', lines: [m[1] ?? ''] });
    else if ((m = BULLET.exec(line))) {
      const b = last();
      if (b?.kind === 'ul') b.items.push(m[1] ?? '');
      else out.push({ kind: 'ul', items: [m[1] ?? ''] });
    } else if ((m = NUMBERED.exec(line))) {
      const b = last();
      if (b?.kind === 'ol') b.items.push(m[1] ?? '');
      else out.push({ kind: 'ol', items: [m[1] ?? ''] });
    } else if ((m = QUOTE.exec(line))) {
      const b = last();
      if (b?.kind === 'quote') b.lines.push(m[1] ?? '');
      else out.push({ kind: 'quote', lines: [m[1] ?? ''] });
    } else {
      const b = last();
      if (b?.kind === 'p' && b.lines.length) b.lines.push(line.trim());
      else out.push({ kind: 'p', lines: [line.trim()] });
    }
  }
  return out.filter((b) => ('lines' in b ? b.lines.length > 0 : b.items.length > 0));
}

/** Headings are bold paragraphs, or real headings at `headingLevel` where the text has sections (a review). */
function blocks(text: string, headingLevel?: 3 | 4 | 5): ReactNode[] {
  const Heading = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return parse(text).map((b, i) => {
    switch (b.kind) {
      case 'h':
        return (
          <Heading key={i} className="mt-1 font-semibold text-foreground">
            {inline(b.lines[0] ?? '')}
          </Heading>
        );
      case 'ul':
        return (
          <ul key={i} className="flex list-disc flex-col gap-1 pl-5 marker:text-muted-foreground">
            {b.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </ul>
        );
      case 'ol':
        return (
          <ol key={i} className="flex list-decimal flex-col gap-1 pl-5 marker:text-muted-foreground">
            {b.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </ol>
        );
      case 'quote':
        return (
          <blockquote key={i} className="border-l-2 border-border pl-3 italic text-muted-foreground">
            {joinLines(b.lines)}
          </blockquote>
        );
      default:
        return <p key={i}>{joinLines(b.lines)}</p>;
    }
  });
}

function joinLines(lines: string[]): ReactNode[] {
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {inline(line)}
    </Fragment>
  ));
}

const INLINE = /(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\[[^\]]+\]\(https?:\/\/[^\s)]+\)|\*[^*\s](?:[^*]*[^*\s])?\*|_[^_\s](?:[^_]*[^_\s])?_)/g;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  let key = 0;
  for (const m of text.matchAll(INLINE)) {
    const token = m[0];
    const index = m.index ?? 0;
    if (index > at) out.push(text.slice(at, index));
    if (token.startsWith('**') || token.startsWith('__')) out.push(<strong key={key++}>{token.slice(2, -2)}</strong>);
    else if (token.startsWith('`')) out.push(<code key={key++} className="rounded bg-muted px-1 py-0.5 text-[0.8125rem]">{token.slice(1, -1)}</code>);
    else if (token.startsWith('[')) {
      const link = /^\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)$/.exec(token);
      out.push(
        <a key={key++} href={link?.[2]} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-2">
          {link?.[1]}
        </a>,
      );
    } else out.push(<em key={key++}>{token.slice(1, -1)}</em>);
    at = index + token.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
