import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createPageEventWriter, pageEventsState } from './page-hidden.service.ts';

const { app, services } = await createTestApp();

const rowCount = async () =>
  (await services.pool.query('select count(*)::int as n from page_events')).rows[0].n as number;

const beacon = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: {}, cookies, remoteAddress: '10.66.0.1' });

describe('page-hidden beacons', () => {
  it('one bad beacon is refused alone: 50 good and 1 with a NUL path store 50 rows', async () => {
    await services.pool.query('delete from page_events');
    for (let i = 0; i < 25; i += 1)
      expect((await beacon(`/api/page-hidden.php?path=/p${i}`)).statusCode).toBe(204);
    const bad = await beacon('/api/page-hidden.php?path=%00');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fieldErrors.path).toEqual(['invalid_characters']);
    for (let i = 25; i < 50; i += 1)
      expect((await beacon(`/api/page-hidden.php?path=/p${i}`)).statusCode).toBe(204);
    await services.state.of(pageEventsState).flush();
    expect(await rowCount()).toBe(50);
  });

  it('a visitor cookie PostgreSQL cannot store is left out, the beacon kept', async () => {
    await services.pool.query('delete from page_events');
    expect((await beacon('/api/page-hidden.php?path=/pricing', { vid: 'a\u0000b' })).statusCode).toBe(204);
    await services.state.of(pageEventsState).flush();
    const rows = await services.pool.query('select path, visitor_id from page_events');
    expect(rows.rows).toEqual([{ path: '/pricing', visitor_id: null }]);
  });
});

describe('createPageEventWriter', () => {
  const errors: object[] = [];
  const log = { info: () => {}, error: (o: object) => errors.push(o) };

  it('keeps the good rows of a batch when the database refuses one of them', async () => {
    await services.pool.query('delete from page_events');
    const writer = createPageEventWriter(services.db, log, 60_000);
    for (let i = 0; i < 50; i += 1) writer.record({ kind: 'hidden', path: `/p${i}` });
    // A value only the database refuses (out of bigint's range): the first insert of the batch fails.
    writer.record({ kind: 'hidden', path: '/bad', userId: 1e30 });
    await writer.flush();
    expect(await rowCount()).toBe(50);
    expect(errors).toEqual([expect.objectContaining({ lost: 1, of: 51 })]);
  });

  it('drops an event with a path it cannot store before it reaches the batch', async () => {
    const writer = createPageEventWriter(services.db, log, 60_000);
    writer.record({ kind: 'hidden', path: '/a\u0000' });
    writer.record({ kind: 'hidden', path: '/ok', visitorId: 'x'.repeat(500) });
    expect(writer.pending()).toBe(1);
  });
});
