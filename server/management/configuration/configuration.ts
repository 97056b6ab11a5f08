import os from 'node:os';
import type { ConfigPropsResponse, EnvResponse, PropertyValue } from '../../../contracts/management/configuration';
import { environmentSchema, type Config } from '../../config/env';
import { maskProperty, SecretValues } from './secret-masking';

/** Which group a setting belongs to, by its name; the first match wins. */
const GROUPS: [prefix: string, test: RegExp][] = [
  ['database', /^(DATABASE_|DATA_DIR$|dataDir$)/],
  ['logging', /^(LOG_|logFormat$)/],
  ['services', /^(SERVICES$|services$|SERVE_WEB$|WEB_DIST_DIR$|webDistDir$|CMS_|PS_|GS_|PUBLIC_URL$)/],
  ['session', /^(SESSION_|PASSWORD_RESET_)/],
  ['mail', /^(SMTP_|MAIL_)/],
  ['oidc', /^OIDC_/],
  ['payments', /^(PAYMENT_|SANDBOX_PAYMENT_|WALLET_PROVIDER_)/],
  ['jurisdiction', /^(SIGNUP_JURISDICTIONS$|VISITOR_JURISDICTION$|KYC_)/],
  ['documents', /^DOCUMENT_/],
  ['metrics', /^METRICS_/],
];

function groupOf(name: string): string {
  return GROUPS.find(([, test]) => test.test(name))?.[0] ?? 'server';
}

function propertyValue(value: unknown): PropertyValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(String);
  return String(value);
}

/** GET management/configprops: the validated configuration, defaults applied, every secret masked (OPS-06, OPS-12). */
export function configProps(config: Config): ConfigPropsResponse {
  const secrets = new SecretValues(config as unknown as Record<string, unknown>);
  const groups = new Map<string, Record<string, PropertyValue>>();
  for (const name of Object.keys(config).sort()) {
    const prefix = groupOf(name);
    const properties = groups.get(prefix) ?? {};
    properties[name] = secrets.scrubValue(maskProperty(name, propertyValue((config as unknown as Record<string, unknown>)[name])));
    groups.set(prefix, properties);
  }
  return {
    status: 'SUCCESS',
    groups: [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([prefix, properties]) => ({ prefix, properties })),
  };
}

/**
 * GET management/env (OPS-07, OPS-12): the variables Emerald reads as the process environment has
 * them, and the runtime. Only Emerald's own variables are listed: the rest of the environment may
 * hold other software's credentials under names no pattern knows.
 */
export function environment(config: Config, processEnv: NodeJS.ProcessEnv = process.env): EnvResponse {
  const names = Object.keys(environmentSchema.shape).sort();
  const secrets = new SecretValues({ ...(config as unknown as Record<string, unknown>), ...Object.fromEntries(names.map((name) => [name, processEnv[name]])) });
  const variables: EnvResponse['propertySources'][number]['properties'] = {};
  for (const name of names) {
    const raw = processEnv[name];
    if (raw === undefined) continue;
    variables[name] = { value: secrets.scrubValue(maskProperty(name, raw)), origin: 'process environment' };
  }
  const runtime: EnvResponse['propertySources'][number]['properties'] = {
    'node.version': { value: process.version },
    'node.platform': { value: `${process.platform} ${process.arch}` },
    'process.pid': { value: process.pid },
    'process.timezone': { value: Intl.DateTimeFormat().resolvedOptions().timeZone },
    'os.cpus': { value: os.availableParallelism() },
    'os.totalMemoryBytes': { value: os.totalmem() },
  };
  return {
    status: 'SUCCESS',
    activeProfiles: [config.NODE_ENV],
    propertySources: [
      { name: 'systemEnvironment', properties: variables },
      { name: 'runtime', properties: runtime },
    ],
  };
}
