/** Three bouncing dots while the reply has not started. */
export function TypingIndicator() {
  return (
    <span className="inline-flex items-center gap-1 py-2" data-testid="typing-indicator">
      <span className="sr-only">The assistant is writing a reply</span>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="size-2 animate-bounce rounded-full bg-muted-foreground/70 [animation-duration:900ms]"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
