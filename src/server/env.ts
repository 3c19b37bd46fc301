import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import type { TwilioConfig } from './lib/sms.ts';

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number, e.g. 3000' })
    .int()
    .min(0)
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** SMTP connections the mailer keeps open and hands mails over on side by side. */
  SMTP_POOL_SIZE: z.coerce
    .number({ error: 'SMTP_POOL_SIZE must be a number of connections, e.g. 4' })
    .int()
    .min(1, 'SMTP_POOL_SIZE must be at least 1')
    .max(50, 'SMTP_POOL_SIZE must be at most 50 (each hand-over also holds a database connection)')
    .default(4),
  /** The weekly update's pace: mails handed over a second at most, so the chat stays quick meanwhile. */
  WEEKLY_UPDATE_RATE: z.coerce
    .number({ error: 'WEEKLY_UPDATE_RATE must be a number of mails a second, e.g. 25' })
    .int('WEEKLY_UPDATE_RATE must be a whole number of mails a second')
    .min(1, 'WEEKLY_UPDATE_RATE must be at least 1 mail a second')
    .max(1000, 'WEEKLY_UPDATE_RATE must be at most 1000 mails a second')
    .default(25),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as https://example.nl' }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SEED_DEMO: booleanish.optional(),
  /**
   * Tests only: a production start with SEED_DEMO=1 keeps the README's demo passwords (the browser
   * journeys and benchmarks log in with them). On this machine only (docs/decisions/0039).
   */
  DEMO_README_PASSWORDS: booleanish.default(false),
  /**
   * Tests only: the embedded database stops waiting for the disk at every commit (the browser
   * journeys' servers, whose thousands of commits otherwise queue behind each other's fsyncs). A
   * crash of the machine can lose or corrupt it, so on this machine's test servers only.
   */
  EMBEDDED_DB_FSYNC: booleanish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Lets end-to-end tests pretend a visitor comes from a given country (header x-test-geoip-country).
  // Never set in production: it would let anyone choose their GeoIP country.
  ALLOW_TEST_GEOIP: booleanish.default(false),
  // Which peers may tell us the client's address in X-Forwarded-For (docs/decisions/0013).
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((v) => !['true', 'yes', 'on', '*', 'all'].includes(v.toLowerCase()), {
      error:
        'TRUST_PROXY cannot trust every peer (anyone could then choose their address): give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.5,loopback)',
    })
    .refine((v) => trustProxyOf(v) !== undefined, {
      error:
        'TRUST_PROXY must be off, a number of proxies (1) or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal',
    })
    .optional(),
  /** Login attempts per IP address per minute (the benchmark raises it; accounts lock after 5 failures anyway). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Sign-ups per IP address per hour (the browser journeys raise it: they all come from 127.0.0.1). */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Photo uploads per member per hour (the photo benchmark raises it). */
  PHOTO_UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /**
   * The priority of the password-hashing and photo processes (read by those processes from the
   * environment they inherit): `idle` (SCHED_IDLE, or nice where chrt is missing) leaves the cores
   * to requests and PostgreSQL; `normal` gives them the app's own, for a machine whose load is the
   * app's own test suite, where an idle-priority process waits for every neighbour to finish.
   */
  BACKGROUND_PRIORITY: z.enum(['idle', 'normal']).default('idle'),
  /** How often the real-time socket is pinged; a socket that missed the previous pong is dropped (tests shorten it). */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(50).default(25_000),
  /** Mollie's API key: set, payments go through Mollie instead of the built-in test gateway (decision 0031). */
  MOLLIE_API_KEY: z
    .string()
    .trim()
    .regex(
      /^(test|live)_[A-Za-z0-9]{20,}$/,
      'MOLLIE_API_KEY must be a Mollie API key such as test_… or live_… (Dashboard → Developers → API keys)',
    )
    .optional(),
  /**
   * A public production site with no real payment provider would hand out credits for test
   * payments: it must say so on purpose (docs/decisions/0030, addendum).
   */
  PAYMENTS_TEST_GATEWAY: booleanish.default(false),
  /** Twilio for the SMS codes of direct-debit mandates (decision 0033); unset: the development outbox. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(
      /^AC[0-9a-f]{32}$/i,
      'TWILIO_ACCOUNT_SID must be a Twilio account SID: AC followed by 32 hex digits',
    )
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, "TWILIO_AUTH_TOKEN must be the account's auth token: 32 hex digits")
    .optional(),
  /** The sender: a number in E.164, an alphanumeric sender id (up to 11), or a Messaging Service MG…. */
  SMS_FROM: z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11}|MG[0-9a-f]{32})$/,
      'SMS_FROM must be a number such as +3197010200300, a sender name of up to 11 letters and digits, or a Messaging Service SID (MG…)',
    )
    .optional(),
  /** Another Twilio API base (the tests' double); https://, or http:// on this machine only. */
  TWILIO_API_URL: z
    .url({ error: 'TWILIO_API_URL must be an absolute URL such as https://api.twilio.com' })
    .optional(),
  /**
   * Development and the journeys only: every web push goes to this push service (a double on this
   * machine) instead of the subscription's own, whose address a headless browser cannot reach.
   */
  PUSH_SERVICE_URL: z
    .url({ error: 'PUSH_SERVICE_URL must be an absolute URL such as http://127.0.0.1:4500' })
    .optional(),
  /**
   * The port of the inbound SMTP listener that takes bounces and spam-complaint reports back
   * (the return path of notification mails points at it through MX); unset: no listener.
   */
  INBOUND_SMTP_PORT: z.coerce
    .number({ error: 'INBOUND_SMTP_PORT must be a port number, e.g. 2525' })
    .int()
    .min(1, 'INBOUND_SMTP_PORT must be between 1 and 65535')
    .max(65535, 'INBOUND_SMTP_PORT must be between 1 and 65535')
    .optional(),
  /** The address the inbound SMTP listener binds (by default HOST's). */
  INBOUND_SMTP_HOST: z.string().trim().min(1).optional(),
  /** The shared secret a mail provider sends in x-mail-events-secret to POST /api/mail-events.php; unset: off. */
  MAIL_EVENTS_SECRET: z
    .string()
    .trim()
    .min(24, 'MAIL_EVENTS_SECRET must be at least 24 characters (e.g. `openssl rand -hex 24`)')
    .optional(),
  /** Another Mollie API base (a test double, a staging proxy); the Mollie client speaks HTTPS only. */
  MOLLIE_API_ENDPOINT: z
    .url({
      protocol: /^https$/,
      error: 'MOLLIE_API_ENDPOINT must be an https:// URL such as https://api.mollie.com/v2/',
    })
    .optional(),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** SMTP connections kept open and used side by side (SMTP_POOL_SIZE). */
  smtpPoolSize: number;
  /** The weekly update's mails a second at most (WEEKLY_UPDATE_RATE). */
  weeklyUpdateRate: number;
  publicUrl: string;
  mailFrom: string | undefined;
  seedDemo: boolean;
  /**
   * The demo logins' passwords: the README's, or random ones printed once to the log (a production
   * start: the README's are public; docs/decisions/0039).
   */
  demoPasswords: 'readme' | 'random';
  /** Whether the embedded database waits for the disk at commits (EMBEDDED_DB_FSYNC; always, but on test servers). */
  embeddedDbDurable: boolean;
  logLevel: string;
  allowTestGeoip: boolean;
  /** Fastify's trustProxy: false (the socket's address is the client's), a hop count, or trusted addresses. */
  trustProxy: false | number | string;
  loginRateLimit: number;
  signupRateLimit: number;
  photoUploadRateLimit: number;
  realtimeHeartbeatMs: number;
  /** Mollie, when MOLLIE_API_KEY is set; null keeps the built-in test gateway. */
  mollie: { apiKey: string; apiEndpoint: string | undefined } | null;
  /** Twilio for SMS, when its variables are set; null writes SMS to the development outbox. */
  sms: TwilioConfig | null;
  /** PUSH_SERVICE_URL: a push service double on this machine that takes every push; null: each subscription's own. */
  pushServiceUrl: string | null;
  /** Where the inbound SMTP listener for bounces and complaints listens; null: it does not. */
  inboundSmtp: { port: number; host: string } | null;
  /** The providers' bounce webhook's shared secret; null: the webhook is off. */
  mailEventsSecret: string | null;
};

export class EnvError extends Error {}

/** This machine only: the demo, a developer's machine, the journeys' server. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost');
}

/**
 * Off unless said: behind no proxy, X-Forwarded-For is whatever the client wants it to be.
 * undefined for a list that proxy-addr (Fastify's parser of it) would refuse.
 */
function trustProxyOf(value: string | undefined): false | number | string | undefined {
  if (!value || /^(off|false|no|0)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch {
    return undefined;
  }
  return list.join(',');
}

/** Reads and validates the environment once at start, with messages a person can act on. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const parsed = EnvSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MOLLIE_API_ENDPOINT && !e.MOLLIE_API_KEY) {
    throw new EnvError(
      'Invalid environment:\n  MOLLIE_API_ENDPOINT: is set but MOLLIE_API_KEY is not (set both, or neither)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const sms = smsConfigOf(e);
  if (
    e.NODE_ENV === 'production' &&
    !e.MOLLIE_API_KEY &&
    !e.PAYMENTS_TEST_GATEWAY &&
    !isLoopbackUrl(publicUrl)
  ) {
    throw new EnvError(
      'Invalid environment:\n  MOLLIE_API_KEY: a public production site needs a payment provider; set MOLLIE_API_KEY, or PAYMENTS_TEST_GATEWAY=1 for a test site whose payments are not real (the built-in test gateway grants credits without money)',
    );
  }
  if (e.DEMO_README_PASSWORDS && e.NODE_ENV === 'production' && !isLoopbackUrl(publicUrl)) {
    throw new EnvError(
      "Invalid environment:\n  DEMO_README_PASSWORDS: is for test servers on this machine only (PUBLIC_URL on localhost); a public site's demo logins would open with the README's published passwords",
    );
  }
  if (!e.EMBEDDED_DB_FSYNC && (e.DATABASE_URL || !isLoopbackUrl(publicUrl))) {
    throw new EnvError(
      'Invalid environment:\n  EMBEDDED_DB_FSYNC: can be off only for a test server on this machine with the embedded database (PUBLIC_URL on localhost, no DATABASE_URL); without fsync a crash of the machine can lose or corrupt the data',
    );
  }
  if (e.PUSH_SERVICE_URL && !isLoopbackUrl(e.PUSH_SERVICE_URL)) {
    throw new EnvError(
      "Invalid environment:\n  PUSH_SERVICE_URL: only a push service on this machine (a double for development and the journeys); members' pushes go to their browsers' own push services",
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    smtpPoolSize: e.SMTP_POOL_SIZE,
    weeklyUpdateRate: e.WEEKLY_UPDATE_RATE,
    publicUrl,
    mailFrom: e.MAIL_FROM,
    // Demo members make a fresh embedded install explorable on a developer's machine (npm start runs
    // without NODE_ENV); a real database, and any production start, is left alone unless asked.
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV === 'development' && !e.DATABASE_URL),
    demoPasswords: e.NODE_ENV !== 'production' || e.DEMO_README_PASSWORDS ? 'readme' : 'random',
    embeddedDbDurable: e.EMBEDDED_DB_FSYNC,
    logLevel: e.LOG_LEVEL,
    allowTestGeoip: e.ALLOW_TEST_GEOIP,
    trustProxy: trustProxyOf(e.TRUST_PROXY) ?? false,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    photoUploadRateLimit: e.PHOTO_UPLOAD_RATE_LIMIT,
    realtimeHeartbeatMs: e.REALTIME_HEARTBEAT_MS,
    mollie: e.MOLLIE_API_KEY ? { apiKey: e.MOLLIE_API_KEY, apiEndpoint: e.MOLLIE_API_ENDPOINT } : null,
    sms,
    pushServiceUrl: e.PUSH_SERVICE_URL?.replace(/\/$/, '') ?? null,
    inboundSmtp: e.INBOUND_SMTP_PORT
      ? { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST ?? e.HOST }
      : null,
    mailEventsSecret: e.MAIL_EVENTS_SECRET ?? null,
  };
}

/** Twilio's three variables together or none; its API over https, or http on this machine (a test double). */
function smsConfigOf(e: z.infer<typeof EnvSchema>): TwilioConfig | null {
  const given = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.SMS_FROM].filter(Boolean).length;
  if (given === 0) {
    if (e.TWILIO_API_URL)
      throw new EnvError('Invalid environment:\n  TWILIO_API_URL: is set but TWILIO_ACCOUNT_SID is not');
    return null;
  }
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.SMS_FROM) {
    throw new EnvError(
      'Invalid environment:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, SMS_FROM: set all three to send SMS through Twilio, or none for the development outbox',
    );
  }
  const apiUrl = e.TWILIO_API_URL ?? 'https://api.twilio.com';
  if (!apiUrl.startsWith('https://') && !isLoopbackUrl(apiUrl)) {
    throw new EnvError(
      'Invalid environment:\n  TWILIO_API_URL: must be https:// (http:// only for a double on this machine)',
    );
  }
  return { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.SMS_FROM, apiUrl };
}
