import {
  ACCOUNT_TYPES,
  CARD_TYPE_NAMES,
  CARD_TYPES,
  createPaymentMethodSchema,
  detectCardType,
  type AccountType,
  type CardType,
  type CreatePaymentMethodInput,
  type PaymentMethodType,
} from '@members-only/shared/payouts';
import { Building2, CreditCard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface PaymentFormValues {
  type: PaymentMethodType;
  accountType: AccountType | '';
  accountName: string;
  accountNumber: string;
  routingNumber: string;
  bankName: string;
  expiryDate: string;
  cardType: CardType | '';
  isDefault: boolean;
}

/** Spec §4: toggling the type resets every field; a new method is the default unless unticked. */
export const emptyPaymentForm = (type: PaymentMethodType = 'bank_account'): PaymentFormValues => ({
  type,
  accountType: type === 'bank_account' ? 'checking' : '',
  accountName: '',
  accountNumber: '',
  routingNumber: '',
  bankName: '',
  expiryDate: '',
  cardType: '',
  isDefault: true,
});

/** The request body: numbers without the spaces people type; empty optional fields left out. */
export function toPaymentInput(v: PaymentFormValues): CreatePaymentMethodInput {
  const digits = (s: string) => s.replace(/[\s-]/g, '');
  const bank = v.type === 'bank_account';
  return {
    type: v.type,
    accountName: v.accountName,
    accountNumber: digits(v.accountNumber),
    bankName: v.bankName,
    isDefault: v.isDefault,
    ...(bank && v.accountType ? { accountType: v.accountType } : {}),
    ...(bank && v.routingNumber.trim() ? { routingNumber: digits(v.routingNumber) } : {}),
    ...(!bank && v.expiryDate.trim() ? { expiryDate: v.expiryDate.trim() } : {}),
    ...(!bank && v.cardType ? { cardType: v.cardType } : {}),
  };
}

/** The same checks the server makes (shared schema), so mistakes show before anything is sent. */
export function validatePaymentForm(v: PaymentFormValues): Record<string, string> {
  const parsed = createPaymentMethodSchema.safeParse(toPaymentInput(v));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function PaymentMethodForm({
  values,
  errors,
  saving,
  onChange,
  onSubmit,
}: {
  values: PaymentFormValues;
  errors: Record<string, string>;
  saving: boolean;
  onChange: (values: PaymentFormValues) => void;
  onSubmit: () => void;
}) {
  const card = values.type === 'card';
  const set = <K extends keyof PaymentFormValues>(key: K, value: PaymentFormValues[K]) => onChange({ ...values, [key]: value });
  const detected = card ? detectCardType(values.accountNumber.replace(/[\s-]/g, '')) : null;
  const [touched, setTouched] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    onSubmit();
  };
  const error = (field: string) => (touched ? errors[field] : undefined);

  return (
    <form className="flex flex-col gap-5" aria-label="Add a payment method" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Method type</legend>
        <div role="radiogroup" aria-label="Method type" className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-1">
          {(
            [
              ['bank_account', 'Bank account', Building2],
              ['card', 'Card', CreditCard],
            ] as const
          ).map(([type, label, Icon]) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={values.type === type}
              disabled={saving}
              onClick={() => {
                if (values.type === type) return;
                setTouched(false);
                onChange(emptyPaymentForm(type));
              }}
              className={cn(
                'inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                values.type === type ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {!card ? (
          <FormField id="payout-account-type" label="Account type" error={error('accountType')}>
            {(aria) => (
              <Select {...aria} value={values.accountType} disabled={saving} onChange={(e) => set('accountType', e.target.value as AccountType)}>
                {ACCOUNT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t === 'checking' ? 'Checking' : 'Savings'}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        <FormField id="payout-account-name" label={card ? 'Cardholder name' : 'Account holder name'} error={error('accountName')} className={card ? 'sm:col-span-2' : undefined}>
          {(aria) => (
            <Input {...aria} value={values.accountName} autoComplete={card ? 'cc-name' : 'name'} maxLength={120} disabled={saving} onChange={(e) => set('accountName', e.target.value)} />
          )}
        </FormField>
        <FormField
          id="payout-account-number"
          label={card ? 'Card number' : 'Account number'}
          error={error('accountNumber')}
          hint={card && detected ? `${CARD_TYPE_NAMES[detected]} number` : 'Stored encrypted; only the last 4 digits are ever shown.'}
        >
          {(aria) => (
            <Input
              {...aria}
              value={values.accountNumber}
              inputMode="numeric"
              autoComplete={card ? 'cc-number' : 'off'}
              maxLength={card ? 23 : 21}
              disabled={saving}
              onChange={(e) => set('accountNumber', e.target.value)}
            />
          )}
        </FormField>
        {!card ? (
          <FormField id="payout-routing-number" label="Routing number (optional)" error={error('routingNumber')} hint="9 digits, for US banks">
            {(aria) => (
              <Input {...aria} value={values.routingNumber} inputMode="numeric" autoComplete="off" maxLength={11} disabled={saving} onChange={(e) => set('routingNumber', e.target.value)} />
            )}
          </FormField>
        ) : (
          <FormField id="payout-card-type" label="Card type" error={error('cardType')}>
            {(aria) => (
              <Select {...aria} value={values.cardType} disabled={saving} onChange={(e) => set('cardType', e.target.value as CardType | '')}>
                <option value="">Select card type</option>
                {CARD_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {CARD_TYPE_NAMES[t]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <FormField id="payout-bank-name" label={card ? 'Issuing bank' : 'Bank name'} error={error('bankName')}>
          {(aria) => <Input {...aria} value={values.bankName} maxLength={120} disabled={saving} onChange={(e) => set('bankName', e.target.value)} />}
        </FormField>
        {card ? (
          <FormField id="payout-expiry" label="Expiry date (MM/YY)" error={error('expiryDate')}>
            {(aria) => (
              <Input
                {...aria}
                value={values.expiryDate}
                placeholder="MM/YY"
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={5}
                disabled={saving}
                onChange={(e) => set('expiryDate', e.target.value)}
              />
            )}
          </FormField>
        ) : null}
      </div>

      <label className="flex items-center gap-3 text-sm">
        <Checkbox className="rounded border-input" checked={values.isDefault} disabled={saving} onChange={(e) => set('isDefault', e.target.checked)} />
        Make this my default payout method
      </label>

      <Button type="submit" disabled={saving} className="self-start">
        {saving ? 'Saving...' : 'Add Payment Method'}
      </Button>
    </form>
  );
}
