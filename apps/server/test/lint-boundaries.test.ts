import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proof that each rule of the layer map (eslint.config.js, ADR 039) bites: one ESLint instance
 * with the repository's own configuration lints a forbidden import as if it were written in the
 * file named, and must report that rule's message; the allowed counterpart must pass. The imported
 * modules are real (the path rule only judges imports it can resolve).
 *
 * Typed linting is switched off here (it would build a TypeScript program per project and say
 * nothing about imports), so a few lintText calls take well under a second.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RESTRICTED_PATHS = 'import-x/no-restricted-paths';
const RESTRICTED_IMPORTS = 'no-restricted-imports';
const TS_RESTRICTED_IMPORTS = '@typescript-eslint/no-restricted-imports';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
});

/** The boundary messages ESLint reports for `code` written in `file` (relative to the root). */
async function boundaryMessages(file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const messages = result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
  const fatal = messages.filter((m) => m.ruleId === null);
  expect(fatal, 'the probe must parse').toEqual([]);
  return messages.filter((m) => m.ruleId === RESTRICTED_PATHS || m.ruleId === RESTRICTED_IMPORTS || m.ruleId === TS_RESTRICTED_IMPORTS);
}

interface Rule {
  name: string;
  /** A file the probe pretends to be. */
  file: string;
  forbidden: string;
  allowed: string;
  ruleId: string;
  message: string;
}

const RULES: Rule[] = [
  {
    name: 'routes never import repositories (type-only imports included)',
    file: 'apps/server/src/routes/tracks/probe.ts',
    forbidden: "import type { TrackRepository } from '../../repositories/track.repository';\nexport type T = TrackRepository;\n",
    allowed: "import type { TrackService } from '../../services/track.service';\nexport type T = TrackService;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Routes talk to services, never to repositories',
  },
  {
    name: 'routes never import the database',
    file: 'apps/server/src/routes/tracks/probe.ts',
    forbidden: "import { nowIso } from '../../db/index';\nexport const now = nowIso();\n",
    allowed: "import { notFound } from '../../errors';\nexport const error = notFound('Track');\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Routes never touch the database',
  },
  {
    name: 'routes never import the database, not even its row types',
    file: 'apps/server/src/routes/tracks/probe.ts',
    forbidden: "import type { TrackRow } from '../../db/types';\nexport type T = TrackRow;\n",
    allowed: "import { presentTrack } from '../../presenters/track.presenter';\nexport const p = presentTrack;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Routes never touch the database',
  },
  {
    name: 'routes never import providers',
    file: 'apps/server/src/routes/coverarts/probe.ts',
    forbidden: "import { sharp } from '../../providers/image/native';\nexport const s = sharp;\n",
    allowed: "import type { Actor } from '../../policies/index';\nexport type A = Actor;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Routes never call providers',
  },
  {
    name: 'providers never import jobs',
    file: 'apps/server/src/providers/speech/probe.ts',
    forbidden: "import { retryAfterMsOf } from '../../jobs/worker';\nexport const r = retryAfterMsOf;\n",
    allowed: "import { PermanentJobError } from '../../errors';\nexport const E = PermanentJobError;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Providers know nothing of the job queue',
  },
  {
    name: 'providers never import services',
    file: 'apps/server/src/providers/storage/probe.ts',
    forbidden: "import { createQuotaService } from '../../services/quota.service';\nexport const q = createQuotaService;\n",
    allowed: "import type { FileStorage } from './types';\nexport type F = FileStorage;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Providers are adapters to the outside world',
  },
  {
    name: 'repositories never import services',
    file: 'apps/server/src/repositories/probe.repository.ts',
    forbidden: "import { QUOTA_HISTORY_DAYS } from '../services/quota.service';\nexport const days = QUOTA_HISTORY_DAYS;\n",
    allowed: "import { nowIso } from '../db/index';\nexport const now = nowIso();\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Repositories only run SQL: they call no service',
  },
  {
    name: 'repositories never import policies',
    file: 'apps/server/src/repositories/probe.repository.ts',
    forbidden: "import { LIVE_MEMBERSHIP } from '../policies/index';\nexport const live = LIVE_MEMBERSHIP;\n",
    allowed: "import { LIVE_MEMBERSHIP } from '../domain/membership';\nexport const live = LIVE_MEMBERSHIP;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Repositories do not ask policies',
  },
  {
    name: 'services never import presenters',
    file: 'apps/server/src/services/probe.service.ts',
    forbidden: "import { presentTrack } from '../presenters/track.presenter';\nexport const p = presentTrack;\n",
    allowed: "import { createTrackRepository } from '../repositories/track.repository';\nexport const r = createTrackRepository;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Services return domain data',
  },
  {
    name: 'jobs receive services by injection (type imports only)',
    file: 'apps/server/src/jobs/processors/probe.ts',
    forbidden: "import { createQuotaService } from '../../services/quota.service';\nexport const q = createQuotaService;\n",
    allowed: "import type { QuotaService } from '../../services/quota.service';\nexport type Q = QuotaService;\n",
    ruleId: TS_RESTRICTED_IMPORTS,
    message: 'Job processors receive services by injection',
  },
  {
    name: 'commands never import services (the service calls the command)',
    file: 'apps/server/src/commands/probe.ts',
    forbidden: "import { createTrackService } from '../services/track.service';\nexport const c = createTrackService;\n",
    allowed: "import type { UnitOfWork } from '../repositories/index';\nimport { authorize } from '../policies/index';\nimport { describeRow } from '../domain/payment-methods';\nimport { conflict } from '../errors';\nexport type U = UnitOfWork;\nexport const a = [authorize, describeRow, conflict];\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Commands are multi-step writes in one transaction',
  },
  {
    name: 'commands never import routes or presenters',
    file: 'apps/server/src/commands/probe.ts',
    forbidden: "import { presentTrack } from '../presenters/track.presenter';\nexport const p = presentTrack;\n",
    allowed: "import type { Actor } from '../policies/index';\nexport type A = Actor;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Commands are multi-step writes in one transaction',
  },
  {
    name: 'commands never call providers',
    file: 'apps/server/src/commands/probe.ts',
    forbidden: "import { sharp } from '../providers/image/native';\nexport const s = sharp;\n",
    allowed: "import { notFound } from '../errors';\nexport const n = notFound;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Commands do not call providers',
  },
  {
    name: 'routes never run a command themselves',
    file: 'apps/server/src/routes/payouts/probe.ts',
    forbidden: "import { deletePaymentMethodCommand } from '../../commands/delete-payment-method.command';\nexport const d = deletePaymentMethodCommand;\n",
    allowed: "import type { PaymentMethodService } from '../../services/payment-method.service';\nexport type P = PaymentMethodService;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'Routes call one service method',
  },
  {
    name: 'the engines import no workspace package',
    file: 'packages/engines/src/marketing/probe.ts',
    forbidden: "import { MARKETING } from '@members-only/shared/marketing';\nexport const m = MARKETING;\n",
    allowed: "import { addDays } from './dates';\nexport const a = addDays;\n",
    ruleId: RESTRICTED_IMPORTS,
    message: 'packages/engines is a leaf',
  },
  {
    name: 'the engines import nothing by a path out of packages/engines',
    file: 'packages/engines/src/marketing/probe.ts',
    forbidden: "import { MARKETING } from '../../../shared/src/marketing';\nexport const m = MARKETING;\n",
    allowed: "import { analyzeLyrics } from '../lyrics';\nexport const a = analyzeLyrics;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'packages/engines is a leaf',
  },
  {
    name: 'the engines import nothing from the server',
    file: 'packages/engines/src/probe.ts',
    forbidden: "import { notFound } from '../../../apps/server/src/errors';\nexport const n = notFound;\n",
    allowed: "import { isIsoDate } from './marketing/dates';\nexport const d = isIsoDate;\n",
    ruleId: RESTRICTED_PATHS,
    message: 'packages/engines is a leaf',
  },
];

describe('the layer map bites (eslint.config.js)', () => {
  it.each(RULES)('$name', async (rule) => {
    const forbidden = await boundaryMessages(rule.file, rule.forbidden);
    expect(forbidden.some((m) => m.ruleId === rule.ruleId && m.message.includes(rule.message)), JSON.stringify(forbidden)).toBe(true);
    expect(await boundaryMessages(rule.file, rule.allowed)).toEqual([]);
  });

  it('holds route tests to fewer rules: they may seed data through repositories and the database', async () => {
    const code = "import { createTrackRepository } from '../../repositories/track.repository';\nimport { nowIso } from '../../db/index';\nexport const x = [createTrackRepository, nowIso];\n";
    expect(await boundaryMessages('apps/server/src/routes/tracks/probe.test.ts', code)).toEqual([]);
  });

  it('holds every route file to "no db/providers" (the cover-art route included)', async () => {
    const provider = "import { sharp } from '../../providers/image/native';\nexport const s = sharp;\n";
    const messages = await boundaryMessages('apps/server/src/routes/coverarts/index.ts', provider);
    expect(messages.map((m) => m.message).join('\n')).toContain('Routes never');
  });
});
