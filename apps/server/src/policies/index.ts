import type { Plan } from '@members-only/shared';
import type { UserRow } from '../db/types';
import { LIVE_MEMBERSHIP } from '../domain/membership';
import { forbidden, notFound } from '../errors';

/**
 * Who may do what, in one place (after Outline's `server/policies` and Immich's `requireAccess`).
 *
 * Routes declare who may call them at all (anonymous, user, admin: plugins/authorization.ts).
 * Services ask this module before they act on a resource: ownership, admin rights and what the
 * actor's plan includes. A missed check is visible in review because every service goes through
 * `authorize` or `can`, and the authorization-matrix suite calls every route as every kind of actor.
 */

/** The signed-in person as the rules see them. */
export interface Actor {
  id: number;
  isAdmin: boolean;
  plan: Plan;
}

export function actorOf(user: UserRow): Actor {
  return { id: user.id, isAdmin: Boolean(user.is_admin), plan: planOf(user) };
}

export { LIVE_MEMBERSHIP };

/** Premium is an admin grant or a live paid membership; everyone else is on the Free plan. */
export function planOf(user: Pick<UserRow, 'is_premium' | 'membership_status'>): Plan {
  return user.is_premium || (LIVE_MEMBERSHIP as readonly string[]).includes(user.membership_status) ? 'premium' : 'free';
}

/** Resources that belong to one artist; their owner is `user_id`. */
export interface OwnedResources {
  conversation: { user_id: number };
  lyricSnippet: { user_id: number };
  marketingPlan: { user_id: number };
  coverArt: { user_id: number };
  paymentMethod: { user_id: number };
  beat: { user_id: number };
  track: { user_id: number };
  song: { user_id: number };
  take: { user_id: number };
  job: { user_id: number | null };
}
/** Resources with no single owner: the installation's own lists and settings. */
export interface SharedResources {
  users: null;
  /** The installation's outside services (models, speech-to-text, storage, database) and their settings. */
  services: null;
  /** Every artist's covers, for the admin list. */
  coverArts: null;
  /** Every artist's earnings ledger: recording earnings and payouts (amendment C5). */
  ledger: null;
}
type Resources = OwnedResources & SharedResources;
export type ResourceKind = keyof Resources;

type Rule<R> = (actor: Actor, resource: R) => boolean;
const owner: Rule<{ user_id: number | null }> = (actor, r) => r.user_id === actor.id;
const ownerOrAdmin: Rule<{ user_id: number | null }> = (actor, r) => r.user_id === actor.id || actor.isAdmin;
const admin: Rule<unknown> = (actor) => actor.isAdmin;

/** Every action on every resource kind, with its rule. An action not listed here is denied. */
const rules = {
  conversation: { read: owner, update: owner, delete: owner, write: owner },
  lyricSnippet: { read: owner, delete: owner },
  marketingPlan: { read: owner, update: owner },
  // Admins see every cover in the admin list, images included; editing one is the artist's alone.
  coverArt: { read: owner, view: ownerOrAdmin },
  // Payout methods are the artist's alone: admins see counts and last 4 through the ledger, never act on them.
  paymentMethod: { read: owner, update: owner, delete: owner },
  // Admins may listen to any beat, as to any upload; only the owner lists and makes them.
  beat: { read: owner, stream: ownerOrAdmin },
  // Admins can listen to any upload (the admin dashboard's track list links to them).
  track: { read: owner, update: owner, delete: owner, stream: ownerOrAdmin },
  // A song and everything of it are its artist's alone (issue 26).
  song: { read: owner, update: owner, delete: owner },
  // Takes are private like tracks (issue 29).
  take: { read: owner, update: owner, delete: owner },
  job: { read: owner },
  users: { list: admin, manage: admin },
  services: { read: admin },
  coverArts: { list: admin },
  ledger: { read: admin, manage: admin },
} satisfies { [K in ResourceKind]: Record<string, Rule<Resources[K]>> };

export type Action<K extends ResourceKind> = keyof (typeof rules)[K] & string;

export function can<K extends ResourceKind>(actor: Actor, action: Action<K>, kind: K, resource: Resources[K]): boolean {
  const rule = (rules[kind] as Record<string, Rule<Resources[K]> | undefined>)[action];
  return rule ? rule(actor, resource) : false;
}

const NAMES: Record<ResourceKind, string> = {
  conversation: 'Conversation',
  lyricSnippet: 'Lyric snippet',
  marketingPlan: 'Marketing plan',
  coverArt: 'Cover art',
  paymentMethod: 'Payment method',
  beat: 'Beat',
  track: 'Track',
  song: 'Song',
  take: 'Take',
  job: 'Job',
  users: 'Users',
  services: 'Services',
  coverArts: 'Cover arts',
  ledger: 'Ledger',
};

/**
 * Returns the resource when the actor may act on it. A missing resource, or someone else's,
 * answers 404 as if it did not exist (amendment B2); a shared resource the actor may not touch
 * answers 403.
 */
export function authorize<K extends keyof OwnedResources, R extends OwnedResources[K]>(
  actor: Actor,
  action: Action<K>,
  kind: K,
  resource: R | undefined,
): R;
export function authorize<K extends keyof SharedResources>(actor: Actor, action: Action<K>, kind: K): void;
export function authorize(actor: Actor, action: string, kind: ResourceKind, resource?: unknown): unknown {
  if (kind in ({ users: null, services: null, coverArts: null, ledger: null } satisfies SharedResources)) {
    if (!can(actor, action as never, kind, null as never)) throw forbidden('Only admins can do that.');
    return undefined;
  }
  if (resource === undefined || !can(actor, action as never, kind, resource as never)) throw notFound(NAMES[kind]);
  return resource;
}
