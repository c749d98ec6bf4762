import { lazy, Suspense } from 'react';

const loadMarkdown = () => import('./markdown');
const MarkdownContent = lazy(loadMarkdown);

/** Starts loading the Markdown renderer (its own chunk) before the first reply needs it. */
export function preloadMarkdown(): void {
  void loadMarkdown().catch(() => undefined);
}

/** Markdown once its chunk is loaded; plain text until then. */
export function MessageMarkdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap break-words text-[0.9375rem] leading-relaxed">{text}</p>}>
      <MarkdownContent text={text} />
    </Suspense>
  );
}
