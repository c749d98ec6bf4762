import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/use-toast';
import { copyText } from '@/lib/clipboard';

/** A fenced code block: scrolls sideways, with its language and a Copy button. */
export function CodeBlock({ language, children }: { language: string | null; children: ReactNode }) {
  const preRef = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    const ok = await copyText(preRef.current?.textContent ?? '');
    if (ok) setCopied(true);
    else toast({ title: 'Could not copy', description: 'Your browser blocked the clipboard.', variant: 'destructive' });
  };

  return (
    <div className="my-3 overflow-hidden rounded-lg border border-border bg-muted">
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-1 text-xs text-muted-foreground">
        <span className="font-mono">{language ?? 'code'}</span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copied ? 'Code copied' : 'Copy code'}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre ref={preRef} className="overflow-x-auto p-3 font-mono text-[0.8125rem] leading-relaxed text-foreground">
        {children}
      </pre>
    </div>
  );
}
