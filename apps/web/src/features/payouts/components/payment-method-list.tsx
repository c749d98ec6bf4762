import { CARD_TYPE_NAMES, type PaymentMethod } from '@members-only/shared/payouts';
import { Building2, CreditCard, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/** 'Your Payment Methods' (spec §2): each method by its last 4 digits only (amendment B4). */
export function PaymentMethodList({
  methods,
  busyId,
  onDelete,
  onMakeDefault,
}: {
  methods: PaymentMethod[];
  busyId: number | null;
  onDelete: (method: PaymentMethod) => void;
  onMakeDefault: (method: PaymentMethod) => void;
}) {
  if (methods.length === 0) {
    return <p className="text-sm text-muted-foreground">No payment methods yet. Add one to receive your royalties.</p>;
  }
  return (
    <ul className="@container flex flex-col gap-3" aria-label="Saved payment methods">
      {methods.map((m) => {
        const Icon = m.type === 'card' ? CreditCard : Building2;
        const title = m.type === 'card' ? `${m.cardType ? CARD_TYPE_NAMES[m.cardType] : 'Card'} •••• ${m.last4}` : `${m.accountType === 'savings' ? 'Savings' : 'Checking'} •••• ${m.last4}`;
        return (
          <li key={m.id} className="flex flex-col gap-3 rounded-xl border border-border p-3 @md:flex-row @md:items-center">
            <div className="flex min-w-0 flex-1 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                <span className="whitespace-nowrap">{title}</span>
                {m.isDefault ? <Badge variant="soft">Default</Badge> : null}
              </p>
              <p className="truncate text-sm text-muted-foreground">
                {m.bankName} · {m.accountName}
                {m.expiryDate ? ` · expires ${m.expiryDate}` : ''}
              </p>
            </div>
            </div>
            <div className="flex shrink-0 justify-end gap-2">
              {!m.isDefault ? (
                <Button variant="outline" size="sm" disabled={busyId !== null} onClick={() => onMakeDefault(m)}>
                  Make default
                </Button>
              ) : null}
              <Button variant="ghost" size="sm" disabled={busyId !== null} aria-label={`Delete ${title}`} onClick={() => onDelete(m)}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
