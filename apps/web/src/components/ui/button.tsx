import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Disabled controls are grey instead of coloured, with text that stays readable (>= 4.5:1 in both
 * themes; WCAG exempts disabled controls, artists still need to read them), and a dashed edge.
 * Every variant has a 1px border (transparent when not needed), so disabling never shifts the layout.
 */
const disabledFill = 'disabled:border-dashed disabled:border-input disabled:bg-disabled disabled:text-disabled-foreground';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg border border-transparent text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:shadow-none [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: cn('bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover', disabledFill),
        secondary: cn('bg-accent text-accent-foreground hover:bg-accent/70', disabledFill),
        outline: cn('border-input bg-transparent hover:bg-accent', disabledFill),
        ghost: 'hover:bg-accent hover:text-accent-foreground disabled:bg-transparent disabled:text-disabled-foreground',
        destructive: cn('bg-destructive text-destructive-foreground hover:bg-destructive-hover', disabledFill),
        link: 'text-primary underline-offset-4 hover:underline disabled:text-disabled-foreground disabled:no-underline',
      },
      size: {
        default: 'h-10 px-4',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (e.g. a Link) with button styling. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}
