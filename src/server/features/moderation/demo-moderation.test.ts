import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { photos, textChanges } from '../../db/schema/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createMember } from '../../test/members.ts';
import { seedDemoModeration } from './demo-moderation.ts';

const { services } = await createTestApp();
const { db, storage } = services;

describe('seedDemoModeration', () => {
  it('gives each queue work at once, and a second seed adds nothing', async () => {
    for (let i = 0; i < 8; i += 1) await createMember(db, { demo: true, aboutMe: `Demo ${i}` });
    expect(await seedDemoModeration(db, storage)).toBe(8);
    const waiting = await db.select().from(photos).where(eq(photos.status, 'pending'));
    expect(waiting).toHaveLength(4);
    expect(await storage.exists(`${waiting[0]!.storageKey}-large.webp`)).toBe(true);
    expect(await db.select().from(textChanges).where(eq(textChanges.status, 'pending'))).toHaveLength(4);
    expect(await seedDemoModeration(db, storage)).toBe(0);
    expect(await db.select().from(photos)).toHaveLength(4);
  });
});
