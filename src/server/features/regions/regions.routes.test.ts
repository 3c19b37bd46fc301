import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

const { app } = await createTestApp();

describe('GET /api/regions.php', () => {
  it('answers the regions of one country, cacheable for a day', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/regions.php?country=be' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.json().regions.BE).toHaveLength(10);
  });

  it('answers every country without a filter', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/regions.php' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().regions)).toHaveLength(15);
  });

  it('refuses an unknown country', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/regions.php?country=xx' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
