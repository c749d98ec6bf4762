import { useBlocker } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  DialogFooter,
} from '@/components/ui/dialog';

/** The address change after a new notepad's first save (/lyrics -> /lyrics/:id) keeps the same notepad. */
const keepsNotepad = (state: unknown) => typeof (state as { lyricsCreated?: unknown } | null)?.lyricsCreated === 'number';

/** Asks before an in-app navigation drops unsaved lyrics (closing the tab is asked by the browser). */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname && !keepsNotepad(nextLocation.state),
  );
  return (
    <AlertDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
        <AlertDialogDescription>Your latest lyrics are not saved yet. If you leave now, those changes are lost.</AlertDialogDescription>
        <DialogFooter>
          <AlertDialogCancel>Keep writing</AlertDialogCancel>
          <AlertDialogAction onClick={() => blocker.state === 'blocked' && blocker.proceed()}>Leave</AlertDialogAction>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
