import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * "A feature writes only its own tables" (docs/architecture.md, Rules) as a test rather than a
 * habit: every table has one owner, and a feature's code that inserts into, updates or deletes from
 * a table of another owner fails here. A read is allowed (a join, a condition another feature
 * exports); a write goes through the owner's service function, in the caller's transaction.
 */

const SCHEMA_DIR = path.join(import.meta.dirname, 'db', 'schema');
const FEATURES_DIR = path.join(import.meta.dirname, 'features');

/** The owner of each schema file, where it is not the feature of the same name. */
const SCHEMA_FILE_OWNERS: Record<string, string> = {
  accounts: 'auth',
  'login-lockout': 'auth',
  mandates: 'payments',
  'page-events': 'page-hidden',
  presence: 'realtime',
  profiles: 'profile',
  'rate-limits': 'core',
};

/** Tables whose owner differs from their file's: the core's key-value store sits beside settings. */
const TABLE_OWNERS: Record<string, string> = {
  app_config: 'core',
};

type OwnedTable = { sqlName: string; jsName: string; owner: string };

async function ownedTables(): Promise<OwnedTable[]> {
  const tables: OwnedTable[] = [];
  for (const file of readdirSync(SCHEMA_DIR)) {
    if (!file.endsWith('.ts') || file === 'index.ts' || file.endsWith('.test.ts')) continue;
    const base = file.slice(0, -'.ts'.length);
    const module: Record<string, unknown> = await import(path.join(SCHEMA_DIR, file));
    for (const [jsName, value] of Object.entries(module)) {
      if (!is(value, PgTable)) continue;
      const sqlName = getTableName(value);
      tables.push({ sqlName, jsName, owner: TABLE_OWNERS[sqlName] ?? SCHEMA_FILE_OWNERS[base] ?? base });
    }
  }
  return tables;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** Comments name tables in prose ("update the profile"); only code counts. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

type TableWrite = { table: string; how: string };

/**
 * The tables a piece of code writes: Drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a schema
 * table, and SQL's `insert into`, `update`, `delete from` naming a table or interpolating one.
 */
function tableWrites(source: string, tables: readonly OwnedTable[]): TableWrite[] {
  const code = withoutComments(source);
  const byJsName = new Map(tables.map((table) => [table.jsName, table.sqlName]));
  const sqlNames = new Set(tables.map((table) => table.sqlName));
  const writes: TableWrite[] = [];
  for (const match of code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*[,)]/g)) {
    const table = byJsName.get(match[2] ?? '');
    if (table) writes.push({ table, how: `.${match[1]}(${match[2]})` });
  }
  for (const match of code.matchAll(
    /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi,
  )) {
    const interpolated = match[2] ? byJsName.get(match[2]) : undefined;
    const named = match[3] && sqlNames.has(match[3]) ? match[3] : undefined;
    const table = interpolated ?? named;
    if (table) writes.push({ table, how: match[0].replace(/\s+/g, ' ') });
  }
  return writes;
}

/**
 * The SQL fragments a module exports for others to compose (`export const xSql = …`, or typed as
 * answering SQL) that write a table: composed into another feature's statement, the write would
 * be that feature's, out of sight of the owner's service.
 */
function exportedWritingFragments(source: string, tables: readonly OwnedTable[]): string[] {
  const code = withoutComments(source);
  const declarations = code.split(/^(?=export |const |let |function |async function |type |class )/m);
  return declarations.flatMap((declaration) => {
    const name = /^export (?:const|function|async function) (\w+)/.exec(declaration)?.[1];
    if (!name) return [];
    const fragment = name.endsWith('Sql') || /\)\s*(?::|=>)\s*SQL\b/.test(declaration.slice(0, 400));
    return fragment && tableWrites(declaration, tables).length > 0 ? [name] : [];
  });
}

/**
 * The feature modules the services' wiring may name, and why: the core's request plugins read
 * these stores on every request before any feature runs (docs/decisions/0048). Anything else a
 * feature keeps is in its definition's `state`.
 */
const SERVICES_FEATURE_IMPORTS: Record<string, string> = {
  'features/auth/sessions.service.ts': 'the session plugin reads the member sessions',
  'features/settings/settings.service.ts': 'request-context reads the per-domain settings',
};

describe('architecture', () => {
  it('finds the writes it looks for', async () => {
    const tables = await ownedTables();
    const found = (source: string) => tableWrites(source, tables).map((write) => write.table);
    expect(found('await tx.insert(creditLedger).values(row)')).toEqual(['credit_ledger']);
    expect(found('db.update(appConfig).set({ value })')).toEqual(['app_config']);
    expect(found('tx.delete(profiles).where(x)')).toEqual(['profiles']);
    expect(found(`sql\`update \${users} set name = \${name}\``)).toEqual(['users']);
    expect(found('sql`insert into credit_ledger (user_id) values (1)`')).toEqual(['credit_ledger']);
    expect(found('sql`DELETE FROM "photos" where id = 1`')).toEqual(['photos']);
    // Reads, the conflict clause's own update, row locks and prose are not writes.
    expect(
      found('db.select().from(users); sql`on conflict do update set x = 1 for update skip locked`'),
    ).toEqual([]);
    expect(found('// update profiles when the photo changes\n/* insert into users */')).toEqual([]);
    const exported = (source: string) => exportedWritingFragments(source, tables);
    expect(
      exported(
        `export const spendSql = (s: SQL) => sql\`insert into \${creditLedger} select * from \${s}\`;`,
      ),
    ).toEqual(['spendSql']);
    expect(
      exported(`const spendSql = (s: SQL) => sql\`insert into \${creditLedger} select * from \${s}\`;`),
    ).toEqual([]);
    expect(
      exported(`export const couldSpendSql = (u: SQL) => sql\`exists (select 1 from \${creditLedger})\`;`),
    ).toEqual([]);
  });

  it('has no feature writing a table another owns', async () => {
    const tables = await ownedTables();
    const owners = new Map(tables.map((table) => [table.sqlName, table.owner]));
    const leaks: string[] = [];
    for (const feature of readdirSync(FEATURES_DIR, { withFileTypes: true })) {
      if (!feature.isDirectory()) continue;
      for (const file of sourceFiles(path.join(FEATURES_DIR, feature.name))) {
        const source = readFileSync(file, 'utf8');
        for (const name of exportedWritingFragments(source, tables))
          leaks.push(
            `${path.relative(import.meta.dirname, file)}: exports ${name}, an SQL fragment that writes; ` +
              'others would compose the write into their statements',
          );
        for (const write of tableWrites(source, tables)) {
          const owner = owners.get(write.table);
          if (owner === feature.name) continue;
          leaks.push(
            `${path.relative(import.meta.dirname, file)}: ${write.how} writes ${write.table}, owned by ${owner}`,
          );
        }
      }
    }
    expect(
      leaks,
      'A feature writes only its own tables (docs/architecture.md, "Rules" and "Adding a feature"): ' +
        "call the owner's service function with your transaction (tx) instead, and export functions " +
        'that write, not SQL fragments that do; a table of the core ' +
        '(app_config, rate limits) is written through src/server/lib. A new table: give its schema ' +
        "file the owning feature's name, or add it to SCHEMA_FILE_OWNERS / TABLE_OWNERS here.",
    ).toEqual([]);
  });

  it("keeps the features' caches out of the services' wiring, which names no feature list", () => {
    const source = readFileSync(path.join(import.meta.dirname, 'services.ts'), 'utf8');
    const named = [...source.matchAll(/from '\.\/(features[^']*)'/g)].map((match) => match[1]);
    expect(
      named.filter((file) => file !== undefined && !(file in SERVICES_FEATURE_IMPORTS)),
      "services.ts wires the core: a feature's cache or store is its definition's `state` " +
        '(defineState / defineStartedState, read with services.state.of(slot)), work before serving is its `start`, ' +
        'and the feature list comes from the caller (docs/architecture.md, "Adding a feature").',
    ).toEqual([]);
  });

  it("keeps each app's state in its feature's definition, not in module-level maps", () => {
    const found: string[] = [];
    for (const file of sourceFiles(FEATURES_DIR)) {
      const relative = path.relative(import.meta.dirname, file);
      if (
        /^(?:export )?(?:const|let) \w+(?:\s*:[^=]+)? = new WeakMap\b/m.test(
          withoutComments(readFileSync(file, 'utf8')),
        )
      )
        found.push(relative);
    }
    expect(
      found,
      "State an app keeps (a provider, a queue, a cache) is made by its feature's definition: " +
        'defineState(name, (services) => …) listed in defineFeature({ state: [...] }) and read with ' +
        'services.state.of(slot), so a test app or a second instance has its own and a newcomer finds it ' +
        '(docs/architecture.md, "Adding a feature").',
    ).toEqual([]);
  });
});
