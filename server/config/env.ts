import path from 'node:path';
import { z } from 'zod';

export const serviceNames = ['content', 'platform', 'games', 'management'] as const;
export type ServiceName = (typeof serviceNames)[number];

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An optional setting where an empty value (`NAME=` in a .env file) means unset. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True for an http(s) URL whose host is this machine; such an issuer may use plain http outside production. */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/** Whether the runtime's time-zone data knows a zone. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const positiveInteger = (max: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: `must be between 1 and ${max}` })
    .max(max, { message: `must be between 1 and ${max}` });

/** Every environment variable Emerald reads. `.env.example` lists the same, with the defaults. */
export const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int({ message: 'must be a port number' })
      .min(0, { message: 'must be between 0 and 65535' })
      .max(65535, { message: 'must be between 0 and 65535' })
      .default(3000),
    HOST: z.string().min(1, { message: 'must not be empty' }).default('127.0.0.1'),
    DATA_DIR: z.string().min(1, { message: 'must not be empty' }).default('./data'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
        message: 'must be a postgres:// or postgresql:// URL',
      }),
    DATABASE_POOL_SIZE: positiveInteger(200).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
    SERVICES: z
      .string()
      .default(serviceNames.join(','))
      .transform((value) => value.split(',').map((name) => name.trim()).filter(Boolean))
      .pipe(z.array(z.enum(serviceNames, { message: `must list services from ${serviceNames.join(', ')}` })).min(1, { message: 'must name at least one service' })),
    SERVE_WEB: booleanFlag.default(true),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    SEED_DEMO_CONTENT: booleanFlag.default(true),
    TRUST_PROXY: booleanFlag.default(false),
    CMS_PUBLIC_URL: z.string().default('/cms'),
    PS_PUBLIC_URL: z.string().default('/ps'),
    GS_PUBLIC_URL: z.string().default('/gs'),
    SESSION_IDLE_TIMEOUT_MINUTES: positiveInteger(24 * 60).default(30),
    SESSION_ABSOLUTE_TIMEOUT_HOURS: positiveInteger(24 * 30).default(12),
    // Responsible gaming (server/platform/limits): the cooling-off of a limit increase or removal
    // (at least 24 hours: UKGC RTS 12), the break that ends a play session, the deposit limits' maxima.
    RG_COOLING_OFF_HOURS: positiveInteger(24 * 30).refine((hours) => hours >= 24, { message: 'must be at least 24 hours' }).default(24),
    RG_SESSION_BREAK_MINUTES: positiveInteger(24 * 60).default(30),
    RG_DEPOSIT_LIMIT_MAX_DAILY: positiveInteger(10_000_000).default(10_000),
    RG_DEPOSIT_LIMIT_MAX_WEEKLY: positiveInteger(10_000_000).default(50_000),
    RG_DEPOSIT_LIMIT_MAX_MONTHLY: positiveInteger(10_000_000).default(100_000),
    // The reality-check pattern the back office flags for a customer interaction: this many checks
    // answered with Continue in a row (one UTC day, one session), or a Continue after this many
    // minutes in one session. Three in a row is where a reminder has stopped working as one (at the
    // longest interval, 60 minutes, three hours of play). The UK Gambling Commission's
    // customer-interaction guidance names time spent gambling as an indicator of harm but gives no
    // number: three hours in one session is our choice. At least 2 and 30 minutes: lower would flag
    // nearly every player who meets a reality check at all.
    RG_REALITY_CHECK_PATTERN_CONTINUES: positiveInteger(100).refine((count) => count >= 2, { message: 'must be at least 2' }).default(3),
    RG_REALITY_CHECK_PATTERN_SESSION_MINUTES: positiveInteger(24 * 60).refine((minutes) => minutes >= 30, { message: 'must be at least 30 minutes' }).default(180),
    // Refer a friend (server/platform/referrals): the referrer's reward per qualified friend (a bonus
    // on the plan named, under its wagering rules) and the friend's first deposit that qualifies,
    // both whole units of the plan's currency.
    REFERRAL_REWARD: positiveInteger(10_000).default(20),
    REFERRAL_MIN_DEPOSIT: positiveInteger(100_000).default(20),
    REFERRAL_BONUS_PLAN_ID: positiveInteger(2_147_483_647).default(1005),
    PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    SIGNUP_JURISDICTIONS: z
      .string()
      .default('IE,GB')
      .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, { message: 'must list two-letter country codes, e.g. IE,GB' })).min(1, { message: 'must name at least one country' })),
    /**
     * The jurisdiction whose game rules a visitor (no session) plays free games under. GB rules need
     * age verification before free play, so with GB visitors are asked to log in or join instead.
     */
    VISITOR_JURISDICTION: z
      .string()
      .default('IE')
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'must be a two-letter country code, e.g. IE or GB' })),
    /** The catalogue gameId that opens the live roulette tables (spec 000 §2 PLAY LIVE: the live lobby, 101). */
    LIVE_LOBBY_GAME_ID: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be a game id of letters, digits, _ or -' }).default('101'),
    /** How long a live roulette round takes bets, seconds. */
    LIVE_ROULETTE_BETTING_SECONDS: positiveInteger(600).default(20),
    /** How long a live roulette result stays on show before the next round opens, seconds. */
    LIVE_ROULETTE_RESULT_SECONDS: positiveInteger(600).default(8),
    /** Whether this node's timers drive live tables (one node at a time, by lease); off in tests, which call `tick`. */
    LIVE_TABLE_TIMERS: booleanFlag.optional(),
    /** The WebSocket gateway's heartbeat: a peer silent for two of these is dropped. */
    REALTIME_HEARTBEAT_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int({ message: 'must be a whole number of milliseconds' })
      .min(50, { message: 'must be between 50 and 600000' })
      .max(600_000, { message: 'must be between 50 and 600000' })
      .default(30_000),
    /** Stored real-time events older than this are pruned: they serve replays after a dropped connection, not history. */
    REALTIME_EVENT_RETENTION_HOURS: z.coerce
      .number({ message: 'must be a whole number of hours' })
      .int({ message: 'must be a whole number of hours' })
      .min(1, { message: 'must be between 1 and 8760' })
      .max(8_760, { message: 'must be between 1 and 8760' })
      .default(24),
    /** The catalogue gameId that opens the bingo lobby (spec 000 §2 PLAY BINGO: gameId bingo; the portal's `bingo` configuration names it and the platform EMERALD_BINGO, ours). */
    BINGO_GAME_ID: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be a game id of letters, digits, _ or -' }).default('bingo'),
    /** The bingo rooms as a JSON array (contracts/games/bingo.ts `bingoRoomConfigSchema`); unset: server/games/kinds/bingo/rooms.ts. */
    BINGO_ROOMS: optionalText(),
    /** Comma-separated words the chat channels refuse in players' messages (server/channels). */
    CHAT_BLOCKED_WORDS: optionalText(),
    /** Whether this node's timer drives bingo rooms (one node at a time, by lease); off by default in tests, which call `tick`. */
    BINGO_DRIVER: booleanFlag.optional(),
    /** Live support's time zone (spec 000 §1: support by phone, live chat and e-mail); hours and days are read in it. */
    SUPPORT_TIMEZONE: z
      .string()
      .default('Europe/Dublin')
      .refine((zone) => isTimeZone(zone), { message: 'must be an IANA time zone, e.g. Europe/Dublin' }),
    /** Live support's hours, HH:MM-HH:MM in SUPPORT_TIMEZONE (24:00 ends at midnight; an end before the start runs past midnight). */
    SUPPORT_HOURS: z
      .string()
      .default('08:00-24:00')
      .refine((hours) => /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/.test(hours) && hours.slice(0, 5) !== hours.slice(6), { message: 'must be HH:MM-HH:MM with different start and end, e.g. 08:00-24:00' }),
    /** The days live support opens, by the day its hours start. */
    SUPPORT_DAYS: z
      .string()
      .default('MON,TUE,WED,THU,FRI,SAT,SUN')
      .transform((value) => value.split(',').map((day) => day.trim().toUpperCase()).filter(Boolean))
      .pipe(z.array(z.enum(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'], { message: 'must list days from MON, TUE, WED, THU, FRI, SAT, SUN' })).min(1, { message: 'must name at least one day' })),
    KYC_PROVIDER: z.enum(['sandbox'], { message: 'must be sandbox' }).default('sandbox'),
    /** The national self-exclusion registers asked at sign-up and login (GAMSTOP for GB, NGER for IE); `sandbox` answers from test names. */
    EXCLUSION_REGISTER_PROVIDER: z.enum(['sandbox'], { message: 'must be sandbox' }).default('sandbox'),
    SMTP_URL: z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .refine((value) => value === undefined || /^smtps?:\/\//.test(value), { message: 'must be an smtp:// or smtps:// URL' }),
    MAIL_FROM: z.string().default('Emerald <no-reply@emerald.example>'),
    PASSWORD_RESET_TTL_MINUTES: positiveInteger(24 * 60).default(30),
    /** Social login through OpenID Connect (SESS-31…33, DEF-20): off unless OIDC_ISSUER is set. */
    OIDC_ISSUER: optionalText().refine((value) => value === undefined || (/^https?:\/\/[^/]/.test(value) && URL.canParse(value)), {
      message: 'must be an absolute http(s) URL, the issuer identifier of the OpenID provider',
    }),
    OIDC_CLIENT_ID: optionalText(),
    OIDC_CLIENT_SECRET: optionalText(),
    OIDC_PROVIDER_NAME: optionalText()
      .refine((value) => value === undefined || value.length <= 40, { message: 'must be at most 40 characters' })
      .transform((value) => value ?? 'OpenID'),
    /**
     * The cashier's payment methods (spec 001 §9) and the provider that handles them. `sandbox` is
     * the built-in test provider and is refused in production; an empty list offers no methods.
     */
    PAYMENT_METHODS: z
      .string()
      .default('WPCGHOSTED_CARD,MONEYBOOKERS,NETELLER,NB_NEKBIT,OMEGA_BANK,PAYMENTIQ_ALL')
      .transform((value) => value.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean))
      .pipe(z.array(z.enum(['WPCGHOSTED_CARD', 'MONEYBOOKERS', 'NETELLER', 'NB_NEKBIT', 'OMEGA_BANK', 'PAYMENTIQ_ALL'], { message: 'must list method codes from WPCGHOSTED_CARD, MONEYBOOKERS, NETELLER, NB_NEKBIT, OMEGA_BANK, PAYMENTIQ_ALL' }))),
    PAYMENT_PROVIDER: z.enum(['sandbox'], { message: 'must be sandbox' }).default('sandbox'),
    /** The HMAC key the payment provider signs its webhooks with. */
    PAYMENT_WEBHOOK_SECRET: optionalText(),
    /** How long the sandbox PSP holds back a "delayed webhook" test payment (card 4000 0000 0000 0077, e-mails with "delay"). */
    SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int({ message: 'must be a whole number of milliseconds' })
      .min(50, { message: 'must be between 50 and 600000' })
      .max(600_000, { message: 'must be between 50 and 600000' })
      .default(10_000),
    /**
     * How old an open payment (a deposit PENDING or AWAITING_PAYMENT, a withdrawal not yet paid
     * out) must be before the cashier's reconciler asks the provider about it; the reconciler
     * also runs this often on each node.
     */
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int({ message: 'must be a whole number of milliseconds' })
      .min(1_000, { message: 'must be between 1000 and 86400000' })
      .max(86_400_000, { message: 'must be between 1000 and 86400000' })
      .default(180_000),
    /**
     * Withdrawals above this amount, in minor units of the player's currency, are held for a
     * back-office approval before the provider is asked to pay (issue 15); the money stays
     * reserved meanwhile. Default 100000 (1,000.00).
     */
    WITHDRAWAL_REVIEW_THRESHOLD: z.coerce
      .number({ message: 'must be a whole number of minor units' })
      .int({ message: 'must be a whole number of minor units' })
      .min(1, { message: 'must be between 1 and 100000000000' })
      .max(100_000_000_000, { message: 'must be between 1 and 100000000000' })
      .default(100_000),
    /**
     * Game providers allowed to move players' money through the seamless-wallet interface, as
     * `id:secret` pairs separated by commas. Our own game server is `emerald-studio`.
     */
    WALLET_PROVIDER_SECRETS: optionalText(),
    /**
     * The bearer token a Prometheus scraper sends to GET /management/prometheus. Unset, only an
     * administrator's session may read the metrics: they are never open by default.
     */
    METRICS_TOKEN: optionalText().refine((value) => value === undefined || value.length >= 24, { message: 'must be at least 24 characters' }),
    /**
     * Where uploaded identity documents are kept (outside the web root): `local` files under
     * DOCUMENT_DIR (default DATA_DIR/documents), or `s3` for an S3-compatible object store.
     */
    DOCUMENT_STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
    DOCUMENT_DIR: optionalText(),
    DOCUMENT_S3_BUCKET: optionalText(),
    DOCUMENT_S3_REGION: optionalText(),
    /** An S3-compatible store's address (MinIO, R2, …); empty for AWS itself. */
    DOCUMENT_S3_ENDPOINT: optionalText(),
    DOCUMENT_S3_ACCESS_KEY_ID: optionalText(),
    DOCUMENT_S3_SECRET_ACCESS_KEY: optionalText(),
  })
  .superRefine((env, context) => {
    if (env.DOCUMENT_STORAGE === 's3') {
      for (const name of ['DOCUMENT_S3_BUCKET', 'DOCUMENT_S3_REGION'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when DOCUMENT_STORAGE=s3' });
      }
    }
    if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'is required when NODE_ENV=production: the embedded database does not flush commits to disk and is for trying Emerald, not for real money',
      });
    }
    if (env.OIDC_ISSUER && URL.canParse(env.OIDC_ISSUER)) {
      for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when OIDC_ISSUER is set' });
      }
      const issuer = new URL(env.OIDC_ISSUER);
      if (issuer.protocol === 'http:' && (env.NODE_ENV === 'production' || !isLoopbackUrl(issuer))) {
        context.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: 'must be an https URL (plain http is allowed only for 127.0.0.1 or localhost outside production)',
        });
      }
    }
    if (env.NODE_ENV === 'production') {
      if (env.PAYMENT_METHODS.length > 0 && env.PAYMENT_PROVIDER === 'sandbox') {
        context.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'must name a real payment provider when NODE_ENV=production (sandbox takes no real money); or set PAYMENT_METHODS= to offer none' });
      }
      for (const name of ['PAYMENT_WEBHOOK_SECRET', 'WALLET_PROVIDER_SECRETS'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when NODE_ENV=production' });
      }
    }
    if (env.WALLET_PROVIDER_SECRETS && !/^[\w.-]+:[^,\s]{16,}(,[\w.-]+:[^,\s]{16,})*$/.test(env.WALLET_PROVIDER_SECRETS)) {
      context.addIssue({ code: 'custom', path: ['WALLET_PROVIDER_SECRETS'], message: 'must be id:secret pairs separated by commas, each secret at least 16 characters' });
    }
  });

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Environment {
  /** Absolute data directory. */
  dataDir: string;
  webDistDir: string;
  services: ServiceName[];
  logFormat: 'json' | 'pretty';
}

/** Variables whose values may hold credentials and are never echoed (nor shown by the operations views). */
export const secretVariables: ReadonlySet<string> = new Set(['METRICS_TOKEN', 'DATABASE_URL', 'SMTP_URL', 'OIDC_CLIENT_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'WALLET_PROVIDER_SECRETS', 'DOCUMENT_S3_SECRET_ACCESS_KEY']);

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** Reads and validates the environment, naming every bad variable and the value it had. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const relevant = Object.fromEntries(
    Object.keys(environmentSchema.shape).map((key) => [key, env[key]]),
  );
  const result = environmentSchema.safeParse(relevant);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      const shown = secretVariables.has(name) || raw === undefined ? '' : ` (got "${raw}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigurationError(problems);
  }
  const parsed = result.data;
  return {
    ...parsed,
    dataDir: path.resolve(cwd, parsed.DATA_DIR),
    webDistDir: path.resolve(cwd, parsed.WEB_DIST_DIR),
    services: [...new Set(parsed.SERVICES)],
    logFormat: parsed.LOG_FORMAT ?? (parsed.NODE_ENV !== 'production' && process.stdout.isTTY ? 'pretty' : 'json'),
  };
}
