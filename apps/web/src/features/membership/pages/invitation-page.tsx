import { PAYMENTS_CLOSED, type MembershipOffer } from '@members-only/shared/membership';
import { QUOTA_KINDS, QUOTA_LABELS } from '@members-only/shared/quotas';
import { BadgeCheck, CircleX, Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { cn, formatDate } from '@/lib/utils';
import { formatPrice, useMembershipOffer } from '../api/membership';
import { EmbeddedCheckout } from '../components/embedded-checkout';
import { StandaloneShell } from '../components/standalone-shell';

const LIVE = ['active', 'canceling', 'past_due'];

/**
 * The membership offer (spec §2 /invitation), every claim true by construction (amendment A): the
 * words come from the operator's content file, the price is the configured one, seats appear only
 * when a limit is configured and are counted by the server; no balance, no "selection".
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const canceled = params.get('canceled') === 'true';
  const offer = useMembershipOffer();

  return (
    <StandaloneShell title="Membership" wide>
      {canceled ? (
        <div role="alert" className="mb-6 flex items-center gap-2 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
          <CircleX aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
          Your payment was not completed
        </div>
      ) : null}
      {offer.isPending ? <PageSpinner label="Loading the membership offer" /> : null}
      {offer.isError ? <LoadFailed message="The membership offer could not be loaded." onRetry={() => void offer.refetch()} /> : null}
      {offer.data ? <Offer offer={offer.data} /> : null}
    </StandaloneShell>
  );
}

function Offer({ offer }: { offer: MembershipOffer }) {
  const { content, paymentsEnabled, seats, mine } = offer;
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const joinRef = useRef<HTMLElement>(null);
  const isMember = Boolean(mine && (LIVE.includes(mine.status) || mine.granted));
  const soldOut = seats !== null && seats.remaining === 0;
  const canJoin = paymentsEnabled && !isMember && !soldOut;

  const join = () => {
    setCheckoutOpen(true);
    joinRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const price = formatPrice(content.price.amount, content.price.currency);

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{content.headline}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{content.intro}</p>

      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <article aria-labelledby="letter-title" className="rounded-2xl border border-border bg-card p-6">
          <h2 id="letter-title" className="text-xl font-semibold">
            {content.letter.title}
          </h2>
          {content.letter.paragraphs.map((paragraph, i) => (
            <p key={i} className="mt-3 text-muted-foreground">
              {paragraph}
            </p>
          ))}
          <p className="mt-4 font-medium">{content.letter.signature}</p>
        </article>

        <section ref={joinRef} aria-labelledby="join-title" className="scroll-mt-6 rounded-2xl border-2 border-primary bg-card p-6 shadow-sm">
          <h2 id="join-title" className="text-xl font-semibold">
            Join Today
          </h2>
          <p className="mt-3 flex items-baseline gap-2">
            <span className="text-4xl font-bold">{price}</span>
            <span className="text-muted-foreground">per {content.price.interval}</span>
            {content.price.compareAt ? (
              <s className="text-muted-foreground" aria-label={`was ${formatPrice(content.price.compareAt, content.price.currency)}`}>
                {formatPrice(content.price.compareAt, content.price.currency)}
              </s>
            ) : null}
          </p>
          <p className="mt-2 text-sm text-muted-foreground">Renews every {content.price.interval}. Cancel any time in the app.</p>
          {seats ? (
            <p className="mt-3 text-sm font-medium" data-testid="seats">
              {seats.remaining === 0 ? 'No seats are open right now.' : `${seats.remaining} of ${seats.total} seats open`}
            </p>
          ) : null}
          {isMember ? (
            <p className="mt-4 flex items-center gap-2 text-sm">
              <BadgeCheck aria-hidden="true" className="size-4 text-primary" />
              You’re a member.{' '}
              <Link to="/membership" className="font-semibold underline underline-offset-4">
                Your membership
              </Link>
            </p>
          ) : !paymentsEnabled ? (
            <p className="mt-4 text-sm text-muted-foreground">{PAYMENTS_CLOSED}</p>
          ) : checkoutOpen ? (
            <EmbeddedCheckout publishableKey={offer.publishableKey} />
          ) : (
            <Button type="button" size="lg" className="mt-5 w-full" disabled={!canJoin} onClick={join}>
              Become a member
            </Button>
          )}
        </section>
      </div>

      <section aria-labelledby="benefits-title" className="mt-12">
        <h2 id="benefits-title" className="text-2xl font-semibold">
          What members get
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {content.benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border border-border bg-card p-5">
              <Sparkles aria-hidden="true" className="size-5 text-primary" />
              <h3 className="mt-2 font-semibold">{benefit.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{benefit.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <LimitsTable limits={offer.limits} />

      {content.testimonials.length > 0 ? (
        <section aria-labelledby="testimonials-title" className="mt-12">
          <h2 id="testimonials-title" className="text-2xl font-semibold">
            From members
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {content.testimonials.map((t) => (
              <li key={t.name + t.quote.slice(0, 20)} className="rounded-xl border border-border bg-card p-5">
                <blockquote className="text-muted-foreground">“{t.quote}”</blockquote>
                <p className="mt-2 text-sm font-medium">{t.name}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {content.faq.length > 0 ? (
        <section aria-labelledby="faq-title" className="mt-12">
          <h2 id="faq-title" className="text-2xl font-semibold">
            Questions
          </h2>
          <div className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
            {content.faq.map((item) => (
              <details key={item.question} className="group px-5 py-4">
                <summary className="cursor-pointer font-medium">{item.question}</summary>
                <p className="mt-2 text-sm text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null}

      <div className="mt-12 flex flex-wrap items-center gap-3 pb-16">
        <Link to="/" className={buttonVariants()}>
          Return to Main Site
        </Link>
        <Link to="/auth" className={cn(buttonVariants({ variant: 'outline' }))}>
          Already a member? Sign in here
        </Link>
        {mine?.currentPeriodEnd && mine.status === 'expired' ? (
          <p className="text-sm text-muted-foreground">Your last membership ended on {formatDate(mine.currentPeriodEnd)}.</p>
        ) : null}
      </div>

      {canJoin && !checkoutOpen ? (
        <Button type="button" size="lg" className="fixed right-4 bottom-4 z-40 shadow-lg sm:right-8 sm:bottom-8" onClick={join}>
          JOIN NOW
        </Button>
      ) : null}
    </>
  );
}

/** The whole difference membership makes: each plan's daily limits, as configured (amendment A7). */
function LimitsTable({ limits }: { limits: MembershipOffer['limits'] }) {
  const shown = QUOTA_KINDS.filter((kind) => limits.free[kind] > 0 || limits.premium[kind] > 0);
  return (
    <section aria-labelledby="limits-title" className="mt-12">
      <h2 id="limits-title" className="text-2xl font-semibold">
        Daily limits
      </h2>
      <div className="mt-4 overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="px-4 py-3 font-semibold">
                Per day
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Free
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Members
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((kind) => (
              <tr key={kind} className="border-b border-border last:border-0">
                <th scope="row" className="px-4 py-2.5 font-normal capitalize">
                  {QUOTA_LABELS[kind]}
                </th>
                <td className="px-4 py-2.5">{limits.free[kind] || 'Not included'}</td>
                <td className="px-4 py-2.5 font-semibold">{limits.premium[kind] || 'Not included'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
