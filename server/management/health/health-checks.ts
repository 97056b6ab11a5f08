import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { HealthComponents, HealthResponse, HealthStatus } from '../../../contracts/management/health';
import { migrationsFolder, serverVersion, type Db } from '../../db/database';
import { busOf, streamNameOf } from '../../bus/nats-bus';
import { rngHealth } from '../../games';
import type { ServiceContext } from '../../service-context';
import { appVersion } from '../../version';
import { SecretValues } from '../configuration/secret-masking';

const CHECK_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), CHECK_TIMEOUT_MS).unref())]);
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : 'unknown error');

async function checkDatabase({ database }: ServiceContext): Promise<HealthComponents['db']> {
  try {
    const version = await withTimeout(serverVersion(database.db), 'database check');
    return { status: 'UP', details: { driver: database.driver, serverVersion: version } };
  } catch (error) {
    return { status: 'DOWN', details: { driver: database.driver, error: reasonOf(error) } };
  }
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The committed migrations (the journal) against the database's own record of those it ran. */
async function checkMigrations(db: Db): Promise<HealthComponents['migrations']> {
  let journal: Journal;
  try {
    journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  } catch (error) {
    return { status: 'DOWN', details: { expected: 0, error: `cannot read the migration journal: ${reasonOf(error)}` } };
  }
  const expected = journal.entries.length;
  try {
    const result = await withTimeout(
      db.execute(sql`SELECT count(*)::int AS applied, max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`),
      'migration check',
    );
    const row = (result as unknown as { rows: { applied: number; latest: string | null }[] }).rows[0];
    const applied = Number(row?.applied ?? 0);
    const latest = journal.entries.find((entry) => String(entry.when) === row?.latest)?.tag;
    // More applied than this node knows means a newer node migrated: this one still works.
    return { status: applied >= expected ? 'UP' : 'DOWN', details: { expected, applied, ...(latest ? { latest } : {}) } };
  } catch (error) {
    return { status: 'DOWN', details: { expected, error: reasonOf(error) } };
  }
}

/** With SMTP_URL the mail server is asked (EHLO and, if given, login); without it mail stays in the outbox. */
async function checkMail({ config }: ServiceContext): Promise<HealthComponents['mail']> {
  if (!config.SMTP_URL) return { status: 'UNKNOWN', details: { transport: 'outbox' } };
  const transport = nodemailer.createTransport(config.SMTP_URL);
  try {
    await withTimeout(transport.verify(), 'mail server check');
    return { status: 'UP', details: { transport: 'smtp' } };
  } catch (error) {
    // nodemailer's messages name the host and port, never the password.
    return { status: 'DOWN', details: { transport: 'smtp', error: reasonOf(error) } };
  } finally {
    transport.close();
  }
}

/** Asks each running provider about a payment it cannot know: an answer of any kind means it answers. */
async function checkPaymentProvider({ payments, paymentMethods }: ServiceContext): Promise<HealthComponents['paymentProvider']> {
  // Several providers run at once (issue 31): all of them named, comma separated.
  const details = { provider: payments.all.map((provider) => provider.id).join(','), methods: paymentMethods.enabled.length };
  const problems: string[] = [];
  await Promise.all(
    payments.all.map(async (provider) => {
      try {
        await withTimeout(
          provider.paymentStatus({ paymentId: randomUUID(), kind: 'DEPOSIT', providerReference: null }),
          `payment provider ${provider.id} check`,
        );
      } catch (error) {
        problems.push(`${provider.id}: ${reasonOf(error)}`);
      }
    }),
  );
  return problems.length === 0 ? { status: 'UP', details } : { status: 'DOWN', details: { ...details, error: problems.join('; ') } };
}

function checkRng(): HealthComponents['rng'] {
  const reading = rngHealth.status();
  return reading.healthy
    ? { status: 'UP', details: { bytesTested: reading.bytesTested } }
    : { status: 'DOWN', details: { bytesTested: reading.bytesTested, error: reading.reason ?? 'failed' } };
}

/** Emerald runs no message broker; saying UP for something that is not there would be a lie. */
/**
 * The real-time bus's transport (issue 32): with BUS_URL, NATS — DOWN while the node is disconnected
 * (it keeps reconnecting; live events are read from the database meanwhile, balance notices wait).
 * Readiness (`/readyz`) does not follow it: a fan-out that is down degrades every node alike, and
 * taking them all out of the balancer would turn it into an outage.
 */
export function checkEventBus({ database }: Pick<ServiceContext, 'database'>): HealthComponents['eventBus'] {
  const bus = busOf(database.db);
  if (!bus) {
    return {
      status: 'UNKNOWN',
      details: {
        configured: false,
        note: 'No NATS bus is configured (BUS_URL); events and balance notices reach other nodes through PostgreSQL LISTEN/NOTIFY.',
      },
    };
  }
  return bus.connected()
    ? { status: 'UP', details: { configured: true, note: `NATS, stream ${streamNameOf(bus.namespace)}` } }
    : { status: 'DOWN', details: { configured: true, note: 'Disconnected from NATS and reconnecting; live events are read from the database meanwhile.' } };
}

/** Overall DOWN when any component is DOWN; UNKNOWN components (nothing to check) do not count against it. */
export function overallStatus(components: HealthComponents): HealthStatus {
  return Object.values(components).some((component) => component.status === 'DOWN') ? 'DOWN' : 'UP';
}

export async function checkHealth(context: ServiceContext): Promise<HealthResponse> {
  const [db, migrations, mail, paymentProvider] = await Promise.all([
    checkDatabase(context),
    checkMigrations(context.database.db),
    checkMail(context),
    checkPaymentProvider(context),
  ]);
  const components: HealthComponents = { db, migrations, mail, paymentProvider, rng: checkRng(), eventBus: checkEventBus(context) };
  // A driver's or mail server's message could quote a connection string: no secret leaves in one.
  const secrets = new SecretValues(context.config as unknown as Record<string, unknown>);
  for (const component of Object.values(components) as { details: { error?: string } }[]) {
    if (component.details.error) component.details.error = secrets.scrub(component.details.error);
  }
  return {
    status: overallStatus(components),
    version: appVersion,
    uptimeSeconds: Math.round((Date.now() - context.startedAt.getTime()) / 1000),
    components,
  };
}
