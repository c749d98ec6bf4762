import type { Kysely } from 'kysely';
import type { Database, PaymentMethodRow } from '../db/types';
import { flag, lockKeys, nowIso } from '../db/index';

export type NewPaymentMethod = Omit<PaymentMethodRow, 'id' | 'created_at' | 'updated_at' | 'is_default'> & { is_default: boolean };

/** Payout methods. The encrypted `secret` is read only by the rotation command and its tests. */
export function createPaymentMethodRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<PaymentMethodRow | undefined> {
      return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The default first, then newest first. */
    listForUser(userId: number): Promise<PaymentMethodRow[]> {
      return db
        .selectFrom('payment_methods')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    findDefault(userId: number): Promise<PaymentMethodRow | undefined> {
      return db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).where('is_default', '=', flag(true)).executeTakeFirst();
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db.selectFrom('payment_methods').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Holds the user's payout methods until the unit of work ends (PostgreSQL; SQLite runs one
     * write transaction at a time): take it first in any change that may move the default, so two
     * at once cannot both clear and set it and break the one-default index.
     */
    lockUser: (userId: number) => lockKeys(db, [`payment_methods:user:${userId}`]),

    /** Clears the user's default: call first, inside the unit of work that sets the new one. */
    async clearDefault(userId: number) {
      await db
        .updateTable('payment_methods')
        .set({ is_default: flag(false), updated_at: nowIso() })
        .where('user_id', '=', userId)
        .where('is_default', '=', flag(true))
        .execute();
    },

    async setDefault(id: number) {
      await db.updateTable('payment_methods').set({ is_default: flag(true), updated_at: nowIso() }).where('id', '=', id).execute();
    },

    insert(values: NewPaymentMethod): Promise<PaymentMethodRow> {
      const now = nowIso();
      return db
        .insertInto('payment_methods')
        .values({ ...values, is_default: flag(values.is_default), created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      await db.deleteFrom('payment_methods').where('id', '=', id).execute();
    },

    /** Every stored secret, for the key rotation command. */
    listSecrets(): Promise<Pick<PaymentMethodRow, 'id' | 'user_id' | 'secret' | 'key_id'>[]> {
      return db.selectFrom('payment_methods').select(['id', 'user_id', 'secret', 'key_id']).orderBy('id').execute();
    },

    async updateSecret(id: number, secret: string, keyId: string) {
      await db.updateTable('payment_methods').set({ secret, key_id: keyId }).where('id', '=', id).execute();
    },
  };
}
export type PaymentMethodRepository = ReturnType<typeof createPaymentMethodRepository>;
