import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARES } from '../../../scripts/check-types-and-lint';

const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** The tsconfig a `tsc -p <x>` names: a folder means its tsconfig.json. */
const tsconfigOf = (project: string) => (project.endsWith('.json') ? project : `${project}/tsconfig.json`);

describe("CI's combined type-check and lint (scripts/check-types-and-lint.ts, ADR 057)", () => {
  it('checks exactly the tsconfigs `npm run typecheck` checks, each once', () => {
    const typecheck = [...pkg.scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => tsconfigOf(m[1]!)).sort();
    const shared = Object.values(SHARES).flatMap((s) => s.tsconfigs).sort();
    expect(typecheck.length).toBeGreaterThan(4);
    expect(shared).toEqual(typecheck);
  });

  it('gives every file to exactly one share', () => {
    for (const file of ['apps/server/src/app.ts', 'e2e/fixtures.ts', 'bench/server.ts', 'scripts/docs.ts', 'playwright.config.ts', 'packages/shared/src/index.ts', 'apps/web/src/main.tsx', 'apps/web/vite.config.ts', 'eslint.config.js']) {
      expect(Object.values(SHARES).filter((s) => s.owns(file)), file).toHaveLength(1);
    }
  });

  it('is what `npm run checks` runs, beside the build', () => {
    expect(pkg.scripts.checks).toMatch(/check:server check:client build/);
    expect(pkg.scripts['check:server']).toContain('check-types-and-lint.ts server');
    expect(pkg.scripts['check:client']).toContain('check-types-and-lint.ts client');
  });
});
