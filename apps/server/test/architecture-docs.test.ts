import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_FILE, factoryDoc, renderArchitecture, replaceBetween, routeTableMarkdown, tableNames } from '../../../scripts/docs';

/**
 * docs/ARCHITECTURE.md's route list, service list and counts are generated from the code by
 * `npm run docs` (scripts/docs.ts, ADR 039). A new route, service, table or guide article that is
 * not written there fails here.
 */
describe('docs/ARCHITECTURE.md', () => {
  it('is what `npm run docs` writes (routes, services and counts match the code)', async () => {
    const current = fs.readFileSync(ARCHITECTURE_FILE, 'utf8');
    const expected = await renderArchitecture(current);
    // Compared line by line first, so a failure names the lines that drifted.
    expect(current.split('\n'), 'docs/ARCHITECTURE.md is out of date: run `npm run docs`').toEqual(expected.split('\n'));
  });

  it('lists each route once with its declared access, HEAD twins and static files left out', () => {
    const markdown = routeTableMarkdown([
      { method: 'GET', url: '/api/tracks', access: 'user', schema: undefined, limit: undefined, quota: undefined },
      { method: 'HEAD', url: '/api/tracks', access: 'user', schema: undefined, limit: undefined, quota: undefined },
      { method: 'POST', url: '/api/login', access: 'anonymous', schema: undefined, limit: undefined, quota: undefined },
      { method: 'GET', url: '/assets/*', access: 'public', schema: undefined, limit: undefined, quota: undefined },
    ]);
    expect(markdown).toContain('2 routes.');
    expect(markdown.split('\n').slice(-2)).toEqual(['| POST | `/api/login` | anonymous |', '| GET | `/api/tracks` | user |']);
  });

  it("takes a service's line from the doc comment on its exported factory, and none from elsewhere", () => {
    expect(factoryDoc('/** Not this. */\nconst x = 1;\n\n/**\n * Tracks: uploads and more. Details\n * follow.\n */\nexport function createTrackService() {}\n')).toBe('Tracks: uploads and more.');
    expect(factoryDoc('/** Far away. */\nconst x = 1;\nexport function createTrackService() {}\n')).toBeNull();
  });

  it('reads the tables from `Database` and refuses a document without its markers', () => {
    expect(tableNames('export interface Database {\n  users: UsersTable;\n  beats: BeatsTable;\n}\n')).toEqual(['users', 'beats']);
    expect(() => replaceBetween('# no markers', 'routes', 'x')).toThrow(/no "<!-- generated:routes begin/);
  });
});
