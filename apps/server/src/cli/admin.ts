import path from 'node:path';
import { loadEnv } from '../env';
import { migrateToLatest, openDatabase } from '../db/index';
import { createUserRepository, type UserRoleChange } from '../repositories/user.repository';
import { createAuditRepository } from '../repositories/audit.repository';
import { generateKeyText } from '../crypto/payment-data';
import { rotatePaymentKey } from './payment-key';
import { keepsAnAdmin, LAST_ADMIN_MESSAGE } from '../services/admin-dashboard.service';

const COMMANDS: Record<string, { change: UserRoleChange; done: string }> = {
  'grant-admin': { change: { isAdmin: true }, done: 'is now an admin' },
  'revoke-admin': { change: { isAdmin: false }, done: 'is no longer an admin' },
  'grant-premium': { change: { isPremium: true }, done: 'now has Premium' },
  'revoke-premium': { change: { isPremium: false }, done: 'no longer has Premium' },
};

const USAGE = `Usage: npm run admin -- <command> <username>
       npm run admin -- rotate-payment-key
       npm run admin -- new-payment-key

Commands:
  grant-admin         make the user an admin
  revoke-admin        remove admin rights
  grant-premium       give the user Premium
  revoke-premium      take Premium away
  rotate-payment-key  re-encrypt every stored payout number with a new key (stop the server first);
                      with PAYMENT_DATA_KEY set, the new key is read from PAYMENT_DATA_KEY_NEW
  new-payment-key     print a new random key for PAYMENT_DATA_KEY

Uses the same settings as the server (DATA_DIR, DATABASE_URL).`;

/** Runs one admin command; returns the process exit code. */
export async function runAdminCommand(argv: string[], log = console.log, error = console.error): Promise<number> {
  const [command, username, ...rest] = argv;
  if (command === 'new-payment-key' && argv.length === 1) {
    log(generateKeyText());
    return 0;
  }
  if (command === 'rotate-payment-key' && argv.length === 1) return rotate(log);
  const spec = command ? COMMANDS[command] : undefined;
  if (!spec || !username || rest.length > 0) {
    (command === 'help' || command === '--help' ? log : error)(USAGE);
    return command === 'help' || command === '--help' ? 0 : 2;
  }
  const env = loadEnv();
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'app.db') });
  try {
    await migrateToLatest(db);
    // One transaction under the admins' lock, like the admin dashboard: the last admin stays (ADR 032).
    const outcome = await db.kysely.transaction().execute(async (trx) => {
      const users = createUserRepository(trx);
      await users.lockAdmins();
      const user = await users.findByUsername(username);
      if (!user) return { error: `No user named "${username}".` };
      if (!(await keepsAnAdmin(users, user, spec.change))) return { error: `${user.username} is the only admin. ${LAST_ADMIN_MESSAGE}` };
      await users.setRoles(user.id, spec.change);
      // The admin dashboard's audit log shows changes made here too, by 'command line'.
      const changed =
        (spec.change.isAdmin !== undefined && Boolean(user.is_admin) !== spec.change.isAdmin) ||
        (spec.change.isPremium !== undefined && Boolean(user.is_premium) !== spec.change.isPremium);
      if (changed) await createAuditRepository(trx).record({ actorId: null, actor: 'command line', action: command, subject: user.username });
      return { done: `${user.username} ${spec.done}.` };
    });
    if (outcome.error !== undefined) {
      error(outcome.error);
      return 1;
    }
    log(outcome.done);
    return 0;
  } finally {
    await db.close();
  }
}

async function rotate(log: (m: string) => void): Promise<number> {
  const env = loadEnv();
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'app.db') });
  try {
    await migrateToLatest(db);
    const result = await rotatePaymentKey(db, { ...env, PAYMENT_DATA_KEY_NEW: process.env.PAYMENT_DATA_KEY_NEW });
    log(`Re-encrypted ${result.rows} payout method${result.rows === 1 ? '' : 's'}: key ${result.from} -> ${result.to}.`);
    log(result.keyFile ? `The new key is in ${result.keyFile}.` : 'Now set PAYMENT_DATA_KEY to the value of PAYMENT_DATA_KEY_NEW and start the server.');
    return 0;
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAdminCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
