import { describe, expect, it } from 'vitest';
import { DEMO_LOGIN_EMAILS } from '../../db/seed/demo-logins.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember } from '../../test/members.ts';
import { writeConversation } from '../../test/reports.ts';
import { seedDemoReports } from './demo-reports.ts';

const { services } = await createTestApp();

describe('seedDemoReports', () => {
  it('gives the queue open reports by the demo logins about their chat partners, once', async () => {
    const login = await createMember(services.db, { email: DEMO_LOGIN_EMAILS[0] as string, demo: true });
    const partner = await createMember(services.db, { demo: true });
    await writeConversation(services.db, partner.id, login.id, [
      { from: partner.id, body: 'Hoi!' },
      { from: login.id, body: 'Hallo' },
      { from: partner.id, body: 'Stuur me geld' },
    ]);
    expect(await seedDemoReports(services.db, 'localhost')).toBeGreaterThan(0);
    const { rows } = await services.pool.query('select reporter_id, reported_id, status from reports');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row).toEqual({ reporter_id: login.id, reported_id: partner.id, status: 'open' });
    expect(await seedDemoReports(services.db, 'localhost')).toBe(0);
  });
});
