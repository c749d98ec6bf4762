import type { SplitDeclineInput, SplitSignInput } from '@members-only/shared/splits';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { fieldError, isFieldError } from '../lib/errors';

/** What the form needs of a sign or decline mutation (TanStack Query's `useMutation` result). */
interface Answer<T> {
  mutateAsync: (input: T) => Promise<unknown>;
  isPending: boolean;
  error: unknown;
}

export interface SignFormProps {
  /** Signs the sheet the person read (its content hash goes with the name, so a changed sheet is refused). */
  sign: Answer<SplitSignInput>;
  decline: Answer<SplitDeclineInput>;
  /** The content hash of the sheet on screen. */
  contentHash: string;
  /** Whether this person has declined already (they may still sign). */
  declined?: boolean;
}

/**
 * Sign by typing your full name, or decline with a reason: the one form for a member (the song
 * page, /splits/:songId) and an invited person (/split-invite/:token), wired to their mutations.
 */
export function SignForm({ sign: signing, decline: declining, contentHash, declined = false }: SignFormProps) {
  const onSign = (fullName: string) => signing.mutateAsync({ fullName, contentHash });
  const onDecline = (reason: string) => declining.mutateAsync({ reason });
  const { error: signError } = signing;
  const { error: declineError } = declining;
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [reason, setReason] = useState('');
  const [declineOpen, setDeclineOpen] = useState(false);
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  const [reasonProblem, setReasonProblem] = useState<string | undefined>();

  const sign = (event: FormEvent) => {
    event.preventDefault();
    if (fullName.trim().length < 2) return setNameProblem('Type your full name to sign.');
    setNameProblem(undefined);
    onSign(fullName.trim()).catch(() => undefined);
  };
  const decline = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setReasonProblem('Say why you decline.');
    setReasonProblem(undefined);
    onDecline(reason.trim()).then(() => setDeclineOpen(false), () => undefined);
  };
  const signGeneral = signError && !isFieldError(signError, ['fullName']) ? errorMessage(signError) : undefined;
  const declineGeneral = declineError && !isFieldError(declineError, ['reason']) ? errorMessage(declineError) : undefined;

  return (
    <div className="grid gap-4">
      <form onSubmit={sign} noValidate className="grid gap-3" aria-label="Sign the split sheet">
        <p className="text-sm text-muted-foreground">
          {declined ? 'You declined this sheet. You can still sign it if you agree now.' : 'Read the shares above. If you agree, type your full name to sign.'}
        </p>
        <FormField id={`${id}-name`} label="Your full name" error={nameProblem ?? fieldError(signError, 'fullName')}>
          {(aria) => <Input {...aria} autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} maxLength={120} />}
        </FormField>
        {signGeneral ? (
          <p role="alert" className="text-sm font-medium text-destructive-text">
            {signGeneral}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={signing.isPending}>
            {signing.isPending ? 'Signing…' : 'Sign'}
          </Button>
          {!declineOpen && !declined ? (
            <Button type="button" variant="outline" onClick={() => setDeclineOpen(true)}>
              Decline
            </Button>
          ) : null}
        </div>
      </form>
      {declineOpen ? (
        <form onSubmit={decline} noValidate className="grid gap-3" aria-label="Decline the split sheet">
          <FormField id={`${id}-reason`} label="Why do you decline?" error={reasonProblem ?? fieldError(declineError, 'reason')}>
            {(aria) => <Input {...aria} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />}
          </FormField>
          {declineGeneral ? (
            <p role="alert" className="text-sm font-medium text-destructive-text">
              {declineGeneral}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={declining.isPending}>
              {declining.isPending ? 'Sending…' : 'Send and decline'}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setDeclineOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
