import { execFile } from 'node:child_process';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { staffAccounts, staffAudit } from '../../db/schema/index.ts';
import { createTestDb } from '../../test/db.ts';
import { runStaffCommand, USAGE, UsageError } from './staff-commands.ts';
import { currentTotpCode } from './staff-totp.ts';

const database = await createTestDb();
afterAll(() => database.close());

const CLI = path.join(import.meta.dirname, 'staff-cli.ts');

/** `npm run staff -- …` as a process on the test's database; resolves with the exit code instead of throwing. */
async function staffProcess(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * The same command run in this process (a process costs seconds on a busy machine): what the
 * entry does around it, parsing and exit codes, is proven by the runs of staffProcess.
 */
async function staff(args: string[], { developmentMachine = true } = {}) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { role: { type: 'string', multiple: true }, name: { type: 'string' } },
  });
  const [command = '', email] = positionals;
  const lines: string[] = [];
  try {
    await runStaffCommand(database.db, command, email, {
      ...values,
      developmentMachine,
      now: new Date(),
      out: (line) => lines.push(line),
    });
    return { code: 0, stdout: lines.map((line) => `${line}\n`).join(''), stderr: '' };
  } catch (error) {
    // Any other error ends the process as an uncaught one does: exit code 1, its message on stderr.
    if (!(error instanceof UsageError)) return { code: 1, stdout: '', stderr: String(error) };
    return { code: 2, stdout: lines.join('\n'), stderr: `${error.message}\n${USAGE}` };
  }
}

describe('npm run staff', () => {
  it('adds the first admin with a password shown once, lists, disables, and audits each change', async () => {
    const added = await staffProcess([
      'add',
      'first.admin@example.nl',
      '--role',
      'admin',
      '--role',
      'operator',
    ]);
    expect(added.code).toBe(0);
    const password = /password \(shown once\): (\S+)/.exec(added.stdout)?.[1];
    expect(password).toHaveLength(20);
    const [row] = await database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'first.admin@example.nl'));
    expect(row).toMatchObject({ roles: ['admin', 'operator'], disabledAt: null, totpSecret: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    expect((await staff(['list'])).stdout).toContain(
      'first.admin@example.nl\tfirst.admin\tadmin,operator\tactive',
    );
    expect((await staff(['disable', 'first.admin@example.nl'])).code).toBe(0);
    expect((await staff(['list'])).stdout).toContain('\tdisabled\t');

    const audit = await database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.target, `staff:${row?.id}`))
      .orderBy(asc(staffAudit.id));
    expect(audit.map((entry) => [entry.action, entry.staffId, entry.roles])).toEqual([
      ['staff.add', null, ['cli']],
      ['staff.disable', null, ['cli']],
    ]);
  });

  it('refuses an unknown role, a second account with the same address and an unknown command (exit 2)', async () => {
    expect((await staff(['add', 'x@example.nl', '--role', 'boss'])).code).toBe(2);
    expect((await staff(['add', 'x@example.nl'])).stderr).toContain(
      '--role must be one of admin, moderator, operator',
    );
    await staff(['add', 'twin@example.nl', '--role', 'moderator']);
    const twin = await staff(['add', 'TWIN@example.nl', '--role', 'moderator']);
    expect(twin.code).not.toBe(0);
    expect(twin.stderr).toContain('already exists');
    const unknown = await staffProcess(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command frobnicate');
  });

  it('prints the current TOTP code on a development machine only, and reset-2fa clears the second factor', async () => {
    await staff(['add', 'coded@example.nl', '--role', 'operator']);
    const secret = 'JBSWY3DPEHPK3PXPTESTAAAAAAAAAAAA';
    await database.db
      .update(staffAccounts)
      .set({ totpSecret: secret, totpConfirmedAt: new Date() })
      .where(eq(staffAccounts.email, 'coded@example.nl'));
    const before = currentTotpCode(secret, new Date());
    const printed = (await staff(['code', 'coded@example.nl'])).stdout.trim();
    // The 30-second step may turn between the two readings.
    expect([before, currentTotpCode(secret, new Date())]).toContain(printed);

    const production = await staff(['code', 'coded@example.nl'], { developmentMachine: false });
    expect(production.code).toBe(2);
    expect(production.stdout).toBe('');

    expect((await staff(['reset-2fa', 'coded@example.nl'])).code).toBe(0);
    const [row] = await database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'coded@example.nl'));
    expect(row).toMatchObject({ totpSecret: null, totpConfirmedAt: null });
  });
});
