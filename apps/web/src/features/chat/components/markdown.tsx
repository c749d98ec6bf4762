import { isValidElement, type ReactElement } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@/lib/utils';
import { CodeBlock } from './code-block';

/** The language of a fenced block, from its <code class="language-x">. */
function languageOf(children: unknown): string | null {
  const child = Array.isArray(children) ? children[0] : children;
  if (!isValidElement(child)) return null;
  const className = (child as ReactElement<{ className?: string }>).props.className ?? '';
  return /language-([\w+#.-]+)/.exec(className)?.[1] ?? null;
}

const components: Components = {
  // Model output is untrusted (amendment B9): links open in a new tab without access to this one.
  a: ({ node: _node, href, children, ...props }) => (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  // Images from a reply become links: no third-party requests (tracking pixels) from model output,
  // and the page's CSP allows same-origin images only.
  img: ({ node: _node, src, alt }) =>
    typeof src === 'string' && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    ) : null,
  pre: ({ node: _node, children }) => <CodeBlock language={languageOf(children)}>{children}</CodeBlock>,
  table: ({ node: _node, children, ...props }) => (
    <div className="my-3 overflow-x-auto">
      <table {...props}>{children}</table>
    </div>
  ),
};

const typography = cn(
  'min-w-0 break-words text-[0.9375rem] leading-relaxed',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
  '[&_p]:my-3',
  '[&_h1]:mb-3 [&_h1]:mt-5 [&_h1]:text-xl [&_h1]:font-bold [&_h1]:tracking-tight',
  '[&_h2]:mb-2 [&_h2]:mt-5 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:text-base [&_h3]:font-semibold',
  '[&_h4]:mb-1.5 [&_h4]:mt-4 [&_h4]:font-semibold [&_h5]:mt-3 [&_h5]:font-semibold [&_h6]:mt-3 [&_h6]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_li>ol]:my-1 [&_li>ul]:my-1 [&_li::marker]:text-muted-foreground',
  '[&_ul.contains-task-list]:list-none [&_ul.contains-task-list]:pl-1 [&_li_input]:mr-2 [&_li_input]:align-middle',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  '[&_strong]:font-semibold [&_em]:italic [&_del]:text-muted-foreground',
  '[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_hr]:my-5 [&_hr]:border-border',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.85em]',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-semibold',
  '[&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-1.5 [&_td]:align-top',
);

/**
 * Assistant text as Markdown with GFM (tables, task lists, strikethrough, autolinks). Raw HTML
 * is dropped (skipHtml; no rehype-raw), and react-markdown's URL filter removes javascript: links.
 */
export default function MarkdownContent({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn(typography, className)}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </Markdown>
    </div>
  );
}
