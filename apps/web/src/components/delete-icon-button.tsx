import { Trash2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A ghost button that shows only a bin, named for what it deletes (`label`), red on hover. */
export function DeleteIconButton({ label, className, ...props }: Omit<ButtonProps, 'children' | 'aria-label' | 'variant' | 'asChild'> & { label: string }) {
  return (
    <Button variant="ghost" aria-label={label} className={cn('hover:text-destructive-text', className)} {...props}>
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
