import { z } from 'zod';
import { membershipStatusSchema } from './auth';
import { QUOTA_KINDS, type QuotaKind } from './quotas';

const limitsSchema = z.object(Object.fromEntries(QUOTA_KINDS.map((k) => [k, z.number().int().nonnegative()])) as Record<QuotaKind, z.ZodNumber>);

/**
 * The invitation page's words, from an operator-editable content file (amendment A4). Every figure
 * on the page is configured here or computed by the server: nothing else is shown.
 */
const text = (max: number) => z.string().trim().min(1).max(max);

export const membershipContentSchema = z
  .object({
    headline: text(120),
    intro: text(600),
    price: z
      .object({
        /** What one year costs, as charged by the configured payment price (e.g. "19.99"). */
        amount: z.string().regex(/^\d{1,6}(\.\d{2})?$/, 'must be an amount such as 19.99'),
        currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD'),
        interval: z.enum(['year', 'month']),
        /** A struck-through price, shown only when the operator sets one (amendment A3). */
        compareAt: z.string().regex(/^\d{1,6}(\.\d{2})?$/, 'must be an amount such as 99.00').optional(),
      })
      .strict(),
    letter: z.object({ title: text(120), paragraphs: z.array(text(2000)).min(1).max(8), signature: text(120) }).strict(),
    benefits: z.array(z.object({ title: text(120), description: text(600) }).strict()).min(1).max(12),
    /** Real members' words, with their permission; the shipped content has none. */
    testimonials: z.array(z.object({ quote: text(600), name: text(80) }).strict()).max(12).default([]),
    faq: z.array(z.object({ question: text(200), answer: text(2000) }).strict()).max(20).default([]),
  })
  .strict();
export type MembershipContent = z.infer<typeof membershipContentSchema>;

/** Embedded form on the invitation page, or a redirect to the provider's hosted page. */
/** Said to artists when payments are not set up (issue 24: no 'installation' wording, and the way in that remains). */
export const PAYMENTS_CLOSED = "Payments aren't open yet: an admin can give you Premium.";

export const checkoutModeSchema = z.enum(['embedded', 'hosted']);
export type CheckoutMode = z.infer<typeof checkoutModeSchema>;

export const createCheckoutSchema = z
  .object({ mode: checkoutModeSchema.default('embedded') })
  .strict()
  .default({ mode: 'embedded' });
export type CreateCheckoutInput = z.infer<typeof createCheckoutSchema>;

export const checkoutResponseSchema = z.union([z.object({ clientSecret: z.string().min(1) }), z.object({ url: z.string().min(1) })]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** The signed-in caller's own membership. */
export const myMembershipSchema = z.object({
  status: membershipStatusSchema,
  currentPeriodEnd: z.string().nullable(),
  /** A paid subscription the member can cancel or manage in the billing portal. */
  billing: z.boolean(),
  /** Premium granted by an operator, without a paid period. */
  granted: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;

/** GET /api/membership: the offer as configured, and the caller's own membership when signed in. */
export const membershipOfferSchema = z.object({
  content: membershipContentSchema,
  /** Whether payments are set up on this installation (pages say so when they are not). */
  paymentsEnabled: z.boolean(),
  /** The key the browser's payment form needs; null when the embedded form cannot run. */
  publishableKey: z.string().nullable(),
  /** What each plan may generate per day, as configured: the whole difference membership makes (amendment A7). */
  limits: z.object({ free: limitsSchema, premium: limitsSchema }),
  /** Only when a seat limit is configured: counted from the database. */
  seats: z.object({ total: z.number().int(), remaining: z.number().int() }).nullable(),
  mine: myMembershipSchema.nullable(),
});
export type MembershipOffer = z.infer<typeof membershipOfferSchema>;

export const billingPortalSchema = z.object({ url: z.string().min(1) });

/** The shipped content: true of this product, no testimonials, no invented figures. */
export const DEFAULT_MEMBERSHIP_CONTENT: MembershipContent = {
  headline: 'Members Only membership',
  intro:
    'Every tool in the app works on the Free plan. A membership raises your daily limits on the expensive generations: beats, cover art, song reviews, marketing plans and chat replies. That is the whole difference.',
  price: { amount: '19.99', currency: 'USD', interval: 'year' },
  letter: {
    title: 'A note from the team',
    paragraphs: [
      'We build tools for artists who write, record and release their own music: a lyric notepad that listens for rhyme and rhythm, a reviewer that reads your track, a marketing planner that works from your own lyrics.',
      'Membership pays for the computing the heavy tools need. It does not buy placement, streams, plays or a record deal. Anyone can join, and anyone can cancel at any time in the app.',
    ],
    signature: 'The Members Only team',
  },
  benefits: [
    { title: 'Higher daily limits', description: 'More beats, cover art, song reviews, marketing plans and chat replies every day. The exact numbers are shown on your Home page.' },
    { title: 'The same tools, more room', description: 'Members use the same tools as everyone else; the limits are the only difference.' },
    { title: 'Cancel any time', description: 'Cancel from the Membership section of the app. You keep your membership until the end of the period you paid for.' },
  ],
  testimonials: [],
  faq: [
    { question: 'What do I get?', answer: 'Higher daily limits on the generations that cost the most to run. Every tool stays available on the Free plan.' },
    {
      question: 'How do I cancel?',
      answer: 'Open Membership in the app and choose Cancel membership, or Manage billing to change your card or see invoices. Your membership lasts until the end of the paid period and does not renew.',
    },
    { question: 'Is my card stored here?', answer: 'No. Payments are handled by the payment provider; this app never sees your card number.' },
    { question: 'I paid before creating an account.', answer: 'Register or sign in with the e-mail address you paid with, and the membership attaches to your account.' },
  ],
};

/** POST /api/stripe/webhook: the event was received (a duplicate delivery changes nothing). */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
