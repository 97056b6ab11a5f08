import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../contracts/management/health';
import { startTestServer, type TestServer } from '../support/test-server';

describe('GET /management/health (OPS-02)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reports UP with the database status, version and uptime', async () => {
    const response = await fetch(`${server.url}/management/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const health = healthResponseSchema.parse(await response.json());
    expect(health.status).toBe('UP');
    expect(health.components.db.status).toBe('UP');
    expect(health.components.db.details.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(health.components.db.details.serverVersion).toMatch(/^\d+/);
    expect(health.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('counts uptime from the server start', async () => {
    const read = async () => healthResponseSchema.parse(await (await fetch(`${server.url}/management/health`)).json()).uptimeSeconds;
    const before = await read();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await read()).toBeGreaterThanOrEqual(before + 1);
  });

  it('reports DOWN with 503 when the database cannot answer', async () => {
    const other = await startTestServer();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/management/health' });
    expect(response.statusCode).toBe(503);
    const health = healthResponseSchema.parse(response.json());
    expect(health.status).toBe('DOWN');
    expect(health.components.db.status).toBe('DOWN');
    await other.app.close();
  });
});
