import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/** A round avatar showing the first letter of a name (no image uploads exist yet). */
export function InitialAvatar({ name, className }: { name: string; className?: string }) {
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <AvatarPrimitive.Root
      className={cn('inline-flex size-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-primary-soft', className)}
    >
      <AvatarPrimitive.Fallback aria-hidden="true" className="text-sm font-bold text-primary-soft-foreground">
        {initial}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
