import { Button } from '@/components/ui/button';

/** A list or item that failed to load: the spec's message, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 text-sm">
      <p className="text-destructive-text">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
