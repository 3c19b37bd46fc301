import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env.port).toBe(3000);
    expect(env.dataDir).toBe(path.resolve('./data'));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.seedDemo).toBe(true);
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.allowTestGeoip).toBe(false);
    expect(env.weeklyUpdateRate).toBe(25);
  });

  it('does not seed demo members into an external database unless asked', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u:p@db/app' }).seedDemo).toBe(false);
    expect(loadEnv({ DATABASE_URL: 'postgres://u:p@db/app', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('seeds no demo members into a production start unless asked, and then not with the README passwords', () => {
    // The README's logins are public: a production site that carries them can be entered by anyone.
    expect(loadEnv({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(
      loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://liefdesplein.nl', PAYMENTS_TEST_GATEWAY: '1' })
        .seedDemo,
    ).toBe(false);
    expect(loadEnv({ NODE_ENV: 'test' }).seedDemo).toBe(false);
    const asked = loadEnv({ NODE_ENV: 'production', SEED_DEMO: '1' });
    expect(asked.seedDemo).toBe(true);
    expect(asked.demoPasswords).toBe('random');
    // npm start sets no NODE_ENV: the newcomer's first start has the demo and the README's logins.
    expect(loadEnv({}).demoPasswords).toBe('readme');
    expect(
      loadEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:p@db/app', SEED_DEMO: '1' })
        .demoPasswords,
    ).toBe('readme');
  });

  it("keeps the README's demo passwords in production only for a test server on this machine (DEMO_README_PASSWORDS)", () => {
    const journeys = { NODE_ENV: 'production', SEED_DEMO: '1', DEMO_README_PASSWORDS: '1' };
    expect(loadEnv({ ...journeys, PUBLIC_URL: 'http://localhost:3210' }).demoPasswords).toBe('readme');
    expect(() =>
      loadEnv({ ...journeys, PUBLIC_URL: 'https://liefdesplein.nl', PAYMENTS_TEST_GATEWAY: '1' }),
    ).toThrow(/DEMO_README_PASSWORDS.*this machine only/);
  });

  it('lets only a test server on this machine run the embedded database without fsync (EMBEDDED_DB_FSYNC)', () => {
    expect(loadEnv({}).embeddedDbDurable).toBe(true);
    expect(loadEnv({ EMBEDDED_DB_FSYNC: '0', PUBLIC_URL: 'http://localhost:3210' }).embeddedDbDurable).toBe(
      false,
    );
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        EMBEDDED_DB_FSYNC: '0',
        PUBLIC_URL: 'https://liefdesplein.nl',
        PAYMENTS_TEST_GATEWAY: '1',
      }),
    ).toThrow(/EMBEDDED_DB_FSYNC.*this machine/);
    expect(() => loadEnv({ EMBEDDED_DB_FSYNC: '0', DATABASE_URL: 'postgres://x@localhost/db' })).toThrow(
      /EMBEDDED_DB_FSYNC/,
    );
  });

  it('explains what is wrong', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadEnv({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ PUBLIC_URL: 'nope' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ WEEKLY_UPDATE_RATE: 'fast' })).toThrow(/WEEKLY_UPDATE_RATE must be a number/);
    expect(() => loadEnv({ WEEKLY_UPDATE_RATE: '0' })).toThrow(/at least 1 mail a second/);
    expect(() => loadEnv({ WEEKLY_UPDATE_RATE: '2.5' })).toThrow(/whole number/);
  });

  it('trusts no proxy unless told which (TRUST_PROXY)', () => {
    expect(loadEnv({}).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: ' 10.0.0.5, loopback ,192.168.0.0/16' }).trustProxy).toBe(
      '10.0.0.5,loopback,192.168.0.0/16',
    );
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/cannot trust every peer/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY must be/);
  });

  it('refuses a public production site without a payment provider unless it asks for the test gateway', () => {
    const site = { NODE_ENV: 'production', PUBLIC_URL: 'https://liefdesplein.nl' };
    expect(() => loadEnv(site)).toThrow(/MOLLIE_API_KEY.*PAYMENTS_TEST_GATEWAY=1/);
    expect(loadEnv({ ...site, PAYMENTS_TEST_GATEWAY: '1' }).mollie).toBeNull();
    expect(loadEnv({ ...site, MOLLIE_API_KEY: `live_${'a'.repeat(30)}` }).mollie).not.toBeNull();
    // The demo and the journeys run production builds on this machine: no provider needed.
    expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3210' }).mollie).toBeNull();
    expect(loadEnv({ NODE_ENV: 'production' }).publicUrl).toBe('http://localhost:3000');
  });

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://liefdesplein.nl/' }).publicUrl).toBe('https://liefdesplein.nl');
  });
});
