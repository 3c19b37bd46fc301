import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/i18n/locales.ts';
import { seedDemoLogins } from '../../db/seed/demo-logins.ts';
import { devOutboxesServed } from '../../plugins/dev-outbox.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember } from '../../test/members.ts';
import { verifyUnsubscribe } from '../notifications/unsubscribe-links.ts';
import { MAIL_SAMPLE_IDS, SAMPLE_TEMPLATES } from './mail-samples.ts';

/** Asks for a password reset of a member, and waits until the jobs worker has written the mail. */
async function resetMailOf(context: Awaited<ReturnType<typeof createTestApp>>) {
  const { email } = await createMember(context.services.db);
  const reset = await context.app.inject({
    method: 'POST',
    url: '/api/password-reset.php',
    payload: { email },
  });
  expect(reset.statusCode).toBe(200);
  await context.services.jobs.drain();
  return email;
}

const context = await createTestApp({ NODE_ENV: 'development' });

describe('the development mail outbox', () => {
  describe('on a developer machine (PUBLIC_URL on localhost)', () => {
    let email = '';
    beforeAll(async () => {
      email = await resetMailOf(context);
    });

    it('shows the mails to a browser on this machine', async () => {
      const answer = await context.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain(email);
      expect(answer.body).toContain('/reset-password/do?token=');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect((await context.app.inject({ url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);
    });

    it('answers anyone else like a page that does not exist, whatever the headers say', async () => {
      for (const request of [
        { remoteAddress: '203.0.113.5' },
        { remoteAddress: '192.168.1.20' },
        { remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1', host: 'localhost' } },
        // A proxy on this machine connects from loopback on behalf of anyone.
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } },
      ]) {
        const answer = await context.app.inject({ url: '/dev/mail', ...request });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain('token=');
      }
    });
  });

  describe('samples of every mail, after the demo seed', () => {
    beforeAll(async () => {
      await seedDemoLogins(context.services.db);
    });

    /** The samples the page shows: id, subject and text part of each, in the page's order. */
    async function samplesIn(locale: string) {
      const answer = await context.app.inject({
        url: `/dev/mail?locale=${locale}`,
        remoteAddress: '127.0.0.1',
      });
      expect(answer.statusCode).toBe(200);
      const plainOf = (html: string) =>
        html
          .replace(/<[^>]+>/g, '')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&quot;', '"')
          .replaceAll('&#39;', "'")
          .replaceAll('&amp;', '&');
      return [
        ...answer.body.matchAll(
          /<article data-sample="([^"]+)"[^>]*>\s*<div><strong data-subject>(.*?)<\/strong>[\s\S]*?srcdoc="([^"]*)"[\s\S]*?<pre[^>]*>([\s\S]*?)<\/pre><\/article>/g,
        ),
      ].map(([, id, subject, html, text]) => ({
        id,
        subject: plainOf(subject ?? ''),
        html: html ?? '',
        text: plainOf(text ?? ''),
      }));
    }

    it.each(LOCALES)('lists every mail type in %s, each rendered in full', async (locale) => {
      const samples = await samplesIn(locale);
      expect(samples.map((s) => s.id)).toEqual(MAIL_SAMPLE_IDS);
      for (const sample of samples) {
        // A text key the locale lacks would show as its key or with a placeholder left in.
        expect(sample.subject, sample.id).toMatch(/\S/);
        expect(`${sample.subject}\n${sample.text}`, sample.id).not.toMatch(
          /[{}]|\b(mail|reports|complaints|moderation_notices)\.[a-z_]+/,
        );
        expect(sample.html, sample.id).toContain('&lt;');
      }
      const like = samples.find((s) => s.id === 'notification.like');
      expect(like?.text).toContain('DemoSanne');
      expect(like?.subject).toContain('PremiumPieter');
    });

    it('writes the English texts the product names, and the other languages their own', async () => {
      const [english, dutch] = [await samplesIn('en'), await samplesIn('nl')];
      const subject = (samples: typeof english, id: string) => samples.find((s) => s.id === id)?.subject;
      expect(subject(english, 'notification.like')).toBe('PremiumPieter likes you');
      expect(subject(english, 'notification.match')).toBe('It is a match with PremiumPieter!');
      for (const id of MAIL_SAMPLE_IDS.filter((id) => id !== 'complaint.support'))
        expect(subject(dutch, id), id).not.toBe(subject(english, id));
    });

    it('signs the unsubscribe link with the real key', async () => {
      const [sample] = (await samplesIn('de')).filter((s) => s.id === 'notification.new_message');
      const link = sample?.text.match(/https?:\/\/\S+\/api\/unsubscribe\.php\?\S+/)?.[0];
      expect(link).toBeDefined();
      const query = Object.fromEntries(new URL(link as string).searchParams);
      expect(await verifyUnsubscribe(context.services, query)).toMatchObject({ type: 'new_messages' });
    });

    it('knows every mail template in the server: a new one without samples fails here', async () => {
      const root = path.resolve(import.meta.dirname, '../..');
      const files = (await fs.readdir(root, { recursive: true })).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
      );
      const templates: string[] = [];
      for (const file of files) {
        const source = await fs.readFile(path.join(root, file), 'utf8');
        for (const match of source.matchAll(/export (?:async )?function (render\w*Mail)\b/g))
          templates.push(match[1] as string);
      }
      expect(templates.sort()).toEqual(SAMPLE_TEMPLATES.map((template) => template.name).sort());
    });
  });

  it.each<{ name: string; env: Record<string, string> }>([
    { name: 'in production', env: { NODE_ENV: 'production' } },
    {
      name: 'when the public address is not this machine',
      env: { NODE_ENV: 'development', PUBLIC_URL: 'https://liefdesplein.nl' },
    },
  ])('does not exist $name, not even for this machine', async ({ env }) => {
    const other = await createTestApp(env);
    await resetMailOf(other);
    await seedDemoLogins(other.services.db);
    for (const url of ['/dev/mail', '/dev/mail?locale=en']) {
      const answer = await other.app.inject({ url, remoteAddress: '127.0.0.1' });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('token=');
      expect(answer.body).not.toContain('data-sample');
    }
  });

  it('is served only for local public addresses outside production', () => {
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://localhost:3000' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'test', publicUrl: 'http://127.0.0.1:3000' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://[::1]:3000' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://app.localhost' })).toBe(true);
    expect(devOutboxesServed({ nodeEnv: 'production', publicUrl: 'http://localhost:3000' })).toBe(false);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://192.168.1.5:3000' })).toBe(false);
    expect(devOutboxesServed({ nodeEnv: 'development', publicUrl: 'http://localhost.evil.example' })).toBe(
      false,
    );
  });
});
