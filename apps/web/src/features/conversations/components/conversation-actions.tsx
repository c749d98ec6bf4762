import type { Conversation } from '@members-only/shared/conversations';
import { LIMITS } from '@members-only/shared/constants';
import { Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useDeleteConversation } from '../api/delete-conversation';
import { useRenameConversation } from '../api/rename-conversation';

interface ConversationActionsProps {
  conversation: Pick<Conversation, 'id' | 'title'>;
  /** Called after the conversation was deleted (e.g. to leave its page). */
  onDeleted?: (id: number) => void;
  className?: string;
}

/** The '...' menu of a conversation in the sidebar: Rename (dialog) and Delete (confirmation). */
export function ConversationActions({ conversation, onDeleted, className }: ConversationActionsProps) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const remove = useDeleteConversation({ onDeleted });

  return (
    <>
      {/* Not modal: a modal menu that opens a dialog can leave the page unclickable (Radix focus/pointer locks). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Actions for ${conversation.title}`}
            className={cn('size-7 rounded-md text-muted-foreground hover:text-foreground', className)}
          >
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('rename')}>
            <Pencil aria-hidden="true" /> Rename
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog('delete')}>
            <Trash2 aria-hidden="true" /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      {dialog === 'rename' ? (
        <RenameDialog conversation={conversation} onClose={() => setDialog(null)} />
      ) : null}

      <AlertDialog open={dialog === 'delete'} onOpenChange={(open) => setDialog(open ? 'delete' : null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete conversation?</AlertDialogTitle>
          <AlertDialogDescription>
            “{conversation.title}” and all its messages will be deleted. This cannot be undone.
          </AlertDialogDescription>
          <DialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => remove.mutate(conversation.id)}
            >
              Delete
            </AlertDialogAction>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function RenameDialog({ conversation, onClose }: { conversation: Pick<Conversation, 'id' | 'title'>; onClose: () => void }) {
  const [title, setTitle] = useState(conversation.title);
  const rename = useRenameConversation();
  const inputId = useId();
  const blank = title.trim().length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || rename.isPending) return;
    const next = title.trim();
    if (next === conversation.title) return onClose();
    rename.mutate({ id: conversation.id, title: next }, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1.5">
            <DialogTitle>Rename conversation</DialogTitle>
            <DialogDescription>Give it a name you will recognise in the sidebar.</DialogDescription>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Title</Label>
            <Input
              id={inputId}
              value={title}
              maxLength={LIMITS.titleMax}
              autoComplete="off"
              onChange={(e) => setTitle(e.target.value)}
              onFocus={(e) => e.currentTarget.select()}
              autoFocus
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={blank || rename.isPending}>
              {rename.isPending ? <Spinner /> : null} Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
