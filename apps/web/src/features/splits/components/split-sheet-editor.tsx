import { SPLITS, type SplitSheet, type SplitSheetInput } from '@members-only/shared/splits';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  DialogFooter,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, HttpError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { fieldError } from '../lib/errors';
import { bpsToPercentText, columnTotal, formatPercent, parsePercent, PERCENT_HELP } from '../lib/shares';
import { ROLE_LABEL } from './sheet-summary';

/** The roles offered as checkboxes (the sheet may hold others, which are kept). */
export const EDITABLE_ROLES = ['writer', 'composer', 'producer', 'performer', 'featured'] as const;

export interface Me {
  id: number;
  username: string;
}

export interface EditorRow {
  key: string;
  /** A member's id (as the server wants it), or null for an invited person. */
  userId: string | null;
  /** Another member to be found by username when the sheet is saved (set on "Add a member" rows only). */
  username?: string;
  name: string;
  email: string;
  roles: string[];
  publishing: string;
  master: string;
}

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export const meRow = (me: Me, share = ''): EditorRow => ({
  key: newKey(),
  userId: String(me.id),
  name: me.username,
  email: '',
  roles: [],
  publishing: share,
  master: share,
});

const memberRow = (): EditorRow => ({ key: newKey(), userId: null, username: '', name: '', email: '', roles: [], publishing: '', master: '' });
const invitedRow = (): EditorRow => ({ key: newKey(), userId: null, name: '', email: '', roles: [], publishing: '', master: '' });

export function rowsFromSheet(sheet: SplitSheet): EditorRow[] {
  return sheet.contributors.map((c) => ({
    key: newKey(),
    userId: c.userId === null ? null : String(c.userId),
    name: c.name,
    email: c.email ?? '',
    roles: [...c.roles],
    publishing: bpsToPercentText(c.publishingBps),
    master: bpsToPercentText(c.masterBps),
  }));
}

type RowErrors = Partial<Record<'username' | 'name' | 'email' | 'roles' | 'publishing' | 'master' | 'row', string>>;

export interface Checked {
  input: SplitSheetInput | null;
  rows: RowErrors[];
  publishingTotal: number | null;
  masterTotal: number | null;
}

/** The server's field names this form shows in place (dotted paths, as the server sends them). */
const SHOWN_FIELD = /^(statement|contributors\.(publishingBps|masterBps)|contributors\.\d+(\.(username|name|email|roles|publishingBps|masterBps|userId))?)$/;

export function serverErrorsAllShown(error: unknown): boolean {
  const fields = error instanceof HttpError ? Object.keys(error.body?.fieldErrors ?? {}) : [];
  return fields.length > 0 && fields.every((field) => SHOWN_FIELD.test(field));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads the form: the request body when everything is in order, and what is wrong with each row otherwise. */
export function checkRows(rows: readonly EditorRow[], statement: string): Checked {
  const errors: RowErrors[] = rows.map((row) => {
    const e: RowErrors = {};
    if (row.userId === null && row.username !== undefined) {
      if (!row.username.trim()) e.username = 'Enter the member’s username.';
    } else if (row.userId === null) {
      if (!row.name.trim()) e.name = 'Enter the person’s name.';
      if (!EMAIL.test(row.email.trim())) e.email = 'Enter a valid email address.';
    }
    if (row.roles.length === 0) e.roles = 'Choose at least one role.';
    if (parsePercent(row.publishing) === null) e.publishing = PERCENT_HELP;
    if (parsePercent(row.master) === null) e.master = PERCENT_HELP;
    return e;
  });
  const publishingTotal = columnTotal(rows.map((r) => r.publishing));
  const masterTotal = columnTotal(rows.map((r) => r.master));
  const ok =
    rows.length > 0 && errors.every((e) => Object.keys(e).length === 0) && publishingTotal === SPLITS.totalBps && masterTotal === SPLITS.totalBps;
  const input: SplitSheetInput | null = ok
    ? {
        contributors: rows.map((row) => ({
          ...(row.userId !== null
            ? { userId: Number(row.userId) }
            : row.username !== undefined
              ? { username: row.username.trim() }
              : { name: row.name.trim(), email: row.email.trim() }),
          roles: row.roles as SplitSheetInput['contributors'][number]['roles'],
          publishingBps: parsePercent(row.publishing)!,
          masterBps: parsePercent(row.master)!,
        })),
        statement: statement.trim(),
      }
    : null;
  return { input, rows: errors, publishingTotal, masterTotal };
}

export interface SplitSheetEditorProps {
  me: Me | null;
  /** The sheet as saved, or null for a new one. */
  sheet: SplitSheet | null;
  initialRows: EditorRow[];
  saving: boolean;
  saveError: unknown;
  onSave: (input: SplitSheetInput) => Promise<unknown>;
  onCancel: () => void;
}

export function SplitSheetEditor({ me, sheet, initialRows, saving, saveError, onSave, onCancel }: SplitSheetEditorProps) {
  const id = useId();
  const [rows, setRows] = useState<EditorRow[]>(initialRows);
  const [statement, setStatement] = useState(sheet?.statement ?? '');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const checked = checkRows(rows, statement);
  const signatures = sheet?.contributors.filter((c) => c.signature.state === 'signed').length ?? 0;
  const meListed = me !== null && rows.some((r) => r.userId === String(me.id));

  const update = (key: string, change: Partial<EditorRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const toggleRole = (row: EditorRow, role: string) =>
    update(row.key, { roles: row.roles.includes(role) ? row.roles.filter((r) => r !== role) : [...row.roles, role] });

  const save = () => {
    if (checked.input) onSave(checked.input).catch(() => undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.input) return;
    if (signatures > 0) setConfirming(true);
    else save();
  };

  const serverRowError = (i: number, field: string) => fieldError(saveError, `contributors.${i}.${field}`);
  // The server's message is shown once: under its field when the form has a place for it, on top otherwise.
  const general = saveError && !serverErrorsAllShown(saveError) ? errorMessage(saveError) : undefined;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Edit the split sheet">
      <p className="text-sm text-muted-foreground">
        Publishing covers the song as written (words and music); master covers this recording. Each column must add up to exactly 100%.
      </p>
      {rows.length === 0 ? <p className="text-sm">Add at least one person.</p> : null}
      <ol className="grid gap-3">
        {rows.map((row, i) => {
          const e = tried ? checked.rows[i]! : {};
          const rowId = `${id}-${row.key}`;
          const label =
            (row.username !== undefined ? row.username.trim() : row.name.trim()) ||
            (row.userId === null && row.username === undefined ? `Invited person ${i + 1}` : `Member ${i + 1}`);
          return (
            <li key={row.key} className="grid gap-3 rounded-xl border border-border p-3" aria-label={label}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                {row.userId !== null ? (
                  <p className="font-medium">
                    {row.name}
                    {me && row.userId === String(me.id) ? <span className="text-muted-foreground"> (you)</span> : null}
                    <span className="block text-xs font-normal text-muted-foreground">Member</span>
                  </p>
                ) : row.username !== undefined ? (
                  <div className="grid flex-1 gap-3 sm:max-w-sm">
                    <FormField
                      id={`${rowId}-username`}
                      label="Member’s username"
                      error={e.username ?? serverRowError(i, 'username')}
                      hint="The name they sign in with."
                    >
                      {(aria) => (
                        <Input {...aria} autoComplete="off" value={row.username} maxLength={64} onChange={(ev) => update(row.key, { username: ev.target.value })} />
                      )}
                    </FormField>
                  </div>
                ) : (
                  <div className="grid flex-1 gap-3 sm:grid-cols-2">
                    <FormField id={`${rowId}-name`} label="Name" error={e.name ?? serverRowError(i, 'name')}>
                      {(aria) => <Input {...aria} value={row.name} maxLength={SPLITS.nameMax} onChange={(ev) => update(row.key, { name: ev.target.value })} />}
                    </FormField>
                    <FormField id={`${rowId}-email`} label="Email" error={e.email ?? serverRowError(i, 'email')} hint="Not shown to the others on the sheet.">
                      {(aria) => (
                        <Input {...aria} type="email" value={row.email} maxLength={SPLITS.emailMax} onChange={(ev) => update(row.key, { email: ev.target.value })} />
                      )}
                    </FormField>
                  </div>
                )}
                <Button type="button" variant="ghost" size="sm" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))} aria-label={`Remove ${label}`}>
                  <Trash2 aria-hidden="true" /> Remove
                </Button>
              </div>
              {[serverRowError(i, 'userId'), fieldError(saveError, `contributors.${i}`)].filter(Boolean).map((message) => (
                <p key={message} className="text-sm font-medium text-destructive-text">
                  {message}
                </p>
              ))}
              <fieldset aria-describedby={e.roles ? `${rowId}-roles-error` : undefined}>
                <legend className="mb-1 text-sm font-medium">Roles</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {[...EDITABLE_ROLES, ...row.roles.filter((r) => !(EDITABLE_ROLES as readonly string[]).includes(r))].map((role) => (
                    <label key={role} className="flex items-center gap-1.5 text-sm">
                      <input type="checkbox" className="size-4 accent-primary" checked={row.roles.includes(role)} onChange={() => toggleRole(row, role)} />
                      {ROLE_LABEL[role] ?? role}
                    </label>
                  ))}
                </div>
                {e.roles ?? serverRowError(i, 'roles') ? (
                  <p id={`${rowId}-roles-error`} className="mt-1 text-sm font-medium text-destructive-text">
                    {e.roles ?? serverRowError(i, 'roles')}
                  </p>
                ) : null}
              </fieldset>
              <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
                <FormField id={`${rowId}-publishing`} label="Publishing %" error={e.publishing ?? serverRowError(i, 'publishingBps')}>
                  {(aria) => (
                    <Input {...aria} inputMode="decimal" placeholder="0.00" value={row.publishing} onChange={(ev) => update(row.key, { publishing: ev.target.value })} />
                  )}
                </FormField>
                <FormField id={`${rowId}-master`} label="Master %" error={e.master ?? serverRowError(i, 'masterBps')}>
                  {(aria) => <Input {...aria} inputMode="decimal" placeholder="0.00" value={row.master} onChange={(ev) => update(row.key, { master: ev.target.value })} />}
                </FormField>
              </div>
            </li>
          );
        })}
      </ol>

      <div className="flex flex-wrap gap-2">
        {me && !meListed ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => setRows((all) => [...all, meRow(me)])}>
            <Plus aria-hidden="true" /> Add myself
          </Button>
        ) : null}
        <Button type="button" variant="secondary" size="sm" disabled={rows.length >= SPLITS.maxContributors} onClick={() => setRows((all) => [...all, memberRow()])}>
          <Plus aria-hidden="true" /> Add a member
        </Button>
        <Button type="button" variant="secondary" size="sm" disabled={rows.length >= SPLITS.maxContributors} onClick={() => setRows((all) => [...all, invitedRow()])}>
          <Plus aria-hidden="true" /> Add a person by email
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Members sign in the app. Someone who is not a member is added by email and signs through a private link you send them.
      </p>

      <Totals publishing={checked.publishingTotal} master={checked.masterTotal} tried={tried} saveError={saveError} />

      <FormField id={`${id}-statement`} label="Notes for everyone on the sheet (optional)" error={fieldError(saveError, 'statement')}>
        {(aria) => <Textarea {...aria} rows={3} maxLength={SPLITS.statementMax} value={statement} onChange={(ev) => setStatement(ev.target.value)} />}
      </FormField>

      {signatures > 0 ? (
        <p className="text-sm text-muted-foreground">
          {signatures === 1 ? 'One person has' : `${signatures} people have`} signed this sheet. Changing the shares, roles or people voids every signature.
        </p>
      ) : null}
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {general}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save split sheet'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Save and void the signatures?</AlertDialogTitle>
          <AlertDialogDescription>
            {signatures === 1 ? 'One person has' : `${signatures} people have`} signed this sheet. If your changes alter what they agreed to, their
            signatures no longer count and everyone has to sign again.
          </AlertDialogDescription>
          <DialogFooter>
            <AlertDialogCancel>Keep editing</AlertDialogCancel>
            <AlertDialogAction onClick={save}>Save anyway</AlertDialogAction>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}

function Totals({ publishing, master, tried, saveError }: { publishing: number | null; master: number | null; tried: boolean; saveError: unknown }) {
  const cell = (label: string, total: number | null, key: string) => {
    const right = total === SPLITS.totalBps;
    const problem = fieldError(saveError, `contributors.${key}`);
    return (
      <div>
        <dt className="text-sm text-muted-foreground">{label} total</dt>
        <dd className={cn('font-semibold tabular-nums', !right && (tried || problem) && 'text-destructive-text')}>
          {total === null ? '—' : formatPercent(total)}
          {right ? null : <span className="ml-2 text-xs font-normal">must read 100.00%</span>}
        </dd>
        {problem ? <p className="text-sm font-medium text-destructive-text">{problem}</p> : null}
      </div>
    );
  };
  return (
    <dl aria-live="polite" className="grid grid-cols-2 gap-3 rounded-xl bg-muted/50 p-3 sm:max-w-sm">
      {cell('Publishing', publishing, 'publishingBps')}
      {cell('Master', master, 'masterBps')}
    </dl>
  );
}

