import { Switch } from 'radix-ui';
import { Label } from '@/components/ui/label';

/** A labelled on/off switch: fetch line ideas automatically while typing. */
export function AutoSuggestSwitch({ checked, onCheckedChange }: { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch.Root
        id="lyrics-auto-suggest"
        checked={checked}
        onCheckedChange={onCheckedChange}
        className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
      <Label htmlFor="lyrics-auto-suggest" className="cursor-pointer">
        Auto-suggest
      </Label>
    </div>
  );
}
