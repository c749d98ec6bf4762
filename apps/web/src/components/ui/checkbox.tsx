import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A native checkbox in the app's accent colour. Native on purpose, like `Select`: keyboard, labels
 * and form state work as for any field. Put it inside its `<label>`, or give it the `id` a label names.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('size-4 accent-primary', className)} {...props} />;
}
