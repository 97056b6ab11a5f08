import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../contracts/management/health';
import { loadConfig } from '../../server/config/env';
import { checkHealth } from '../../server/management/health/health.handler';
import { createMailer } from '../../server/mail';
import { createPaymentMethodRegistry, createPaymentProviders } from '../../server/platform/cashier';
import { createKycProvider } from '../../server/platform/kyc';
import { createExclusionRegister } from '../../server/platform/exclusion-register';
import { createFinancialCheckProvider } from '../../server/platform/financial-checks';
import type { ServiceContext } from '../../server/service-context';
import { startTestServer, type TestServer } from '../support/test-server';

describe('GET /management/health (OPS-02, OPS-11)', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    ({ cookie } = await server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] }));
  });
  afterAll(() => server.close());

  const read = () => fetch(`${server.url}/management/health`, { headers: { cookie } });

  it('reports UP to an administrator with the database status, version and uptime', async () => {
    const response = await read();
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
    const uptime = async () => healthResponseSchema.parse(await (await read()).json()).uptimeSeconds;
    const before = await uptime();
    // The start moved an hour back, rather than waiting for a second to pass: the uptime follows it.
    const startedAt = server.context.startedAt;
    server.context.startedAt = new Date(startedAt.getTime() - 3_600_000);
    try {
      expect(await uptime()).toBeGreaterThanOrEqual(before + 3_600);
    } finally {
      server.context.startedAt = startedAt;
    }
  });

  it('reports the database, migrations and payment provider DOWN when the database cannot answer', async () => {
    // Over HTTP the access check itself needs the database, so the health service is called directly.
    const other = await startTestServer();
    const { database } = other;
    const logger = pino({ level: 'silent' });
    const appConfig = loadConfig({ NODE_ENV: 'test', SEED_DEMO_CONTENT: 'false' });
    const context: ServiceContext = {
      wallet: other.context.wallet,
      limits: other.context.limits,
      inducements: other.context.inducements,
      loyalty: other.context.loyalty,
      config: appConfig,
      database,
      startedAt: new Date(Date.now() - 5_000),
      logger,
      mailer: createMailer({ db: database.db, from: appConfig.MAIL_FROM, logger }),
      kyc: createKycProvider('sandbox'),
      exclusionRegister: createExclusionRegister(appConfig),
      financialChecks: createFinancialCheckProvider(appConfig.FINANCIAL_CHECK_PROVIDER),
      payments: createPaymentProviders(appConfig, database.db),
      paymentMethods: createPaymentMethodRegistry(appConfig),
    };
    await other.app.close();
    await database.close();
    const health = healthResponseSchema.parse(await checkHealth(context));
    expect(health.status).toBe('DOWN');
    expect(health.components.db.status).toBe('DOWN');
    expect(health.components.migrations.status).toBe('DOWN');
    expect(health.components.paymentProvider.status).toBe('DOWN');
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(5);
  });
});
