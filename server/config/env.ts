import path from 'node:path';
import { z } from 'zod';
import { paymentMethodCodes, paymentMethodDescriptors, type PaymentMethodDescriptor } from '../../contracts/platform/cashier/payment-methods';
import { DEFAULT_REMOTE_GAMING_DUTY_RATES, parseDutyRates } from './gaming-duty-rates';
import { DEFAULT_CREDIT_FUNDING_REFUSED, parseCreditFundingRefused } from './credit-funding';
import { DEFAULT_INDUCEMENTS_OFF, parseInducementsOff } from './inducements';
import { DEFAULT_ACCOUNT_INACTIVITY_REMOVAL, parseInactivityRemoval } from './account-register';

/** The cashier's payment method codes (spec 001 §9), from the methods' descriptors. */
export { paymentMethodCodes };
type PaymentMethodCodeSetting = (typeof paymentMethodCodes)[number];
/** The payment provider adapters Emerald has (issue 31). */
export const paymentProviderIds = ['sandbox', 'stripe', 'adyen'] as const;
export type PaymentProviderId = (typeof paymentProviderIds)[number];

/**
 * Whether the Stripe adapter runs on this node: a method is routed to it (or it is the default),
 * or its key is configured — kept after cards move elsewhere, so that Stripe's payments still in
 * flight settle through it.
 */
export function stripeRuns(env: {
  PAYMENT_METHODS: readonly string[];
  PAYMENT_PROVIDER: string;
  PAYMENT_ROUTING: Partial<Record<string, string>>;
  STRIPE_SECRET_KEY?: string | undefined;
}): boolean {
  return env.STRIPE_SECRET_KEY !== undefined || env.PAYMENT_METHODS.some((code) => (env.PAYMENT_ROUTING[code] ?? env.PAYMENT_PROVIDER) === 'stripe');
}

/**
 * Whether the Adyen adapter runs on this node: a method is routed to it (or it is the default),
 * or its API key is configured — kept after the e-wallets move elsewhere, so that Adyen's
 * payments still in flight settle through it.
 */
export function adyenRuns(env: {
  PAYMENT_METHODS: readonly string[];
  PAYMENT_PROVIDER: string;
  PAYMENT_ROUTING: Partial<Record<string, string>>;
  ADYEN_API_KEY?: string | undefined;
}): boolean {
  return env.ADYEN_API_KEY !== undefined || env.PAYMENT_METHODS.some((code) => (env.PAYMENT_ROUTING[code] ?? env.PAYMENT_PROVIDER) === 'adyen');
}

/** The methods the Adyen adapter serves: those whose descriptor names them on Adyen (the e-wallets, NS-19). */
export const adyenMethodCodes: readonly string[] = paymentMethodDescriptors
  .filter((method: PaymentMethodDescriptor) => method.adyen !== undefined)
  .map((method) => method.code);

export const serviceNames = ['content', 'platform', 'games', 'management'] as const;
export type ServiceName = (typeof serviceNames)[number];

/**
 * What a node of a multi-node setup does (issue 32, "Workers and migrations"): `all` serves players
 * and staff and runs the background work (one process, the default); `api` serves them and runs
 * none; `worker` runs it and answers only the probes and /management/*.
 */
export const nodeRoles = ['all', 'api', 'worker'] as const;
export type NodeRole = (typeof nodeRoles)[number];

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

/** The 32-byte Ed25519 seed an audit anchor key is (64 hex digits, or base64 / base64url), else undefined. */
export function anchorSeed(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

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
    /**
     * The real-time bus's NATS servers (with JetStream), comma-separated: nats://host:4222. Unset:
     * the nodes fan out through the database's LISTEN/NOTIFY (docs/operations.md, "The bus").
     */
    BUS_URL: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
      .refine((value) => value === undefined || value.split(',').every((url) => /^(nats|tls):\/\/[^\s/]+\/?$/.test(url.trim())), {
        message: 'must be nats:// or tls:// URLs (host and port), separated by commas',
      }),
    /** Keeps deployments sharing one NATS server apart: it prefixes the bus's subjects and names its stream. */
    BUS_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be 1 to 64 letters, digits, - or _' })
      .default('emerald'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' })
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
    SERVICES: z
      .string()
      .default(serviceNames.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.enum(serviceNames, { message: `must list services from ${serviceNames.join(', ')}` })).min(1, { message: 'must name at least one service' }),
      ),
    NODE_ROLE: z.enum(nodeRoles, { message: `must be one of ${nodeRoles.join(', ')}` }).default('all'),
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
    RG_COOLING_OFF_HOURS: positiveInteger(24 * 30)
      .refine((hours) => hours >= 24, { message: 'must be at least 24 hours' })
      .default(24),
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
    RG_REALITY_CHECK_PATTERN_CONTINUES: positiveInteger(100)
      .refine((count) => count >= 2, { message: 'must be at least 2' })
      .default(3),
    RG_REALITY_CHECK_PATTERN_SESSION_MINUTES: positiveInteger(24 * 60)
      .refine((minutes) => minutes >= 30, { message: 'must be at least 30 minutes' })
      .default(180),
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
      .transform((value) =>
        value
          .split(',')
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().regex(/^[A-Z]{2}$/, { message: 'must list two-letter country codes, e.g. IE,GB' }))
          .min(1, { message: 'must name at least one country' }),
      ),
    /**
     * Countries whose players identify through a population register (the specification's card,
     * ID-card and register fields: birth names, mother's maiden name, birthplace, address card).
     * Empty by default: Irish and British players identify with a passport, driving licence or
     * national identity card and a proof of address (issue 27).
     */
    IDENTITY_REGISTER_COUNTRIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, { message: 'must list two-letter country codes, e.g. HU' }))),
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
    LIVE_LOBBY_GAME_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be a game id of letters, digits, _ or -' })
      .default('101'),
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
    /**
     * After SIGTERM, how long the node keeps serving while /readyz answers 503, so that a balancer
     * polling it stops sending new work before the node stops listening (0: stop at once).
     */
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int({ message: 'must be a whole number of milliseconds' })
      .min(0, { message: 'must be between 0 and 600000' })
      .max(600_000, { message: 'must be between 0 and 600000' })
      .default(0),
    /** The bound on a shutdown from SIGTERM to exit, the drain included: past it the process exits 1. */
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int({ message: 'must be a whole number of milliseconds' })
      .min(1_000, { message: 'must be between 1000 and 600000' })
      .max(600_000, { message: 'must be between 1000 and 600000' })
      .default(10_000),
    /**
     * Whether a node applies the committed migrations when it starts (the embedded database's
     * default). With false it only checks them: `npm run db:migrate` runs them before a rollout.
     */
    MIGRATE_ON_START: booleanFlag.default(true),
    /** The catalogue gameId that opens the bingo lobby (spec 000 §2 PLAY BINGO: gameId bingo; the portal's `bingo` configuration names it and the platform EMERALD_BINGO, ours). */
    BINGO_GAME_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be a game id of letters, digits, _ or -' })
      .default('bingo'),
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
      .refine((hours) => /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/.test(hours) && hours.slice(0, 5) !== hours.slice(6), {
        message: 'must be HH:MM-HH:MM with different start and end, e.g. 08:00-24:00',
      }),
    /** The days live support opens, by the day its hours start. */
    SUPPORT_DAYS: z
      .string()
      .default('MON,TUE,WED,THU,FRI,SAT,SUN')
      .transform((value) =>
        value
          .split(',')
          .map((day) => day.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.enum(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'], { message: 'must list days from MON, TUE, WED, THU, FRI, SAT, SUN' }))
          .min(1, { message: 'must name at least one day' }),
      ),
    /**
     * The identity-verification provider new checks start with (issue 31): `sandbox` decides in
     * process from test names; `onfido` creates an Onfido applicant and check and takes the decision
     * from its signed webhook (docs/onfido-adapter.md). A check keeps the provider it started with.
     */
    KYC_PROVIDER: z.enum(['sandbox', 'onfido'], { message: 'must be sandbox or onfido' }).default('sandbox'),
    /** Onfido: the API token (Authorization: Token token=…). Never printed. */
    ONFIDO_API_TOKEN: optionalText(),
    /**
     * The tokens of the Onfido webhook (X-SHA2-Signature is HMAC-SHA256 of the raw body under one of
     * them), comma separated: during a rotation both the new and the old one are accepted.
     */
    ONFIDO_WEBHOOK_TOKENS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((token) => token.trim())
          .filter(Boolean),
      ),
    /** Empty for Onfido's own API (chosen by ONFIDO_REGION); the simulator's address (http://127.0.0.1:PORT/v3.6) in the sandbox. */
    ONFIDO_API_URL: optionalText().pipe(z.string().url({ message: 'must be an http(s) URL' }).optional()),
    /** Onfido's region: EU (api.eu.onfido.com), US or CA. */
    ONFIDO_REGION: z.enum(['EU', 'US', 'CA'], { message: 'must be EU, US or CA' }).default('EU'),
    /**
     * The address look-up for sign-up step 2 (SIGNUP-24): `sandbox` answers from its test address
     * book; `loqate` asks Loqate's Find/Retrieve with LOQATE_API_KEY (docs/loqate-adapter.md).
     */
    ADDRESS_PROVIDER: z.enum(['sandbox', 'loqate'], { message: 'must be sandbox or loqate' }).default('sandbox'),
    /** Loqate: the service key (the Key parameter, sent in the POST body, never in a URL). Never printed. */
    LOQATE_API_KEY: optionalText(),
    /** Empty for Loqate's own API (https://api.addressy.com); the simulator's address in the sandbox. */
    LOQATE_API_URL: optionalText().pipe(z.string().url({ message: 'must be an http(s) URL' }).optional()),
    /**
     * The national self-exclusion registers asked at sign-up, login and the daily re-check (GAMSTOP
     * for GB, NGER for IE); `sandbox` answers from test names; `gamstop` asks GAMSTOP v2 at
     * GAMSTOP_URL with GAMSTOP_API_KEY (`npm run sandbox:gamstop` simulates it).
     */
    EXCLUSION_REGISTER_PROVIDER: z.enum(['sandbox', 'gamstop'], { message: 'must be sandbox or gamstop' }).default('sandbox'),
    /** GAMSTOP v2's base address (the adapter adds /v2 and /v2/batch). */
    GAMSTOP_URL: optionalText().refine((value) => value === undefined || (/^https?:\/\/[^/]/.test(value) && URL.canParse(value)), {
      message: 'must be an absolute http(s) URL',
    }),
    /** The operator's GAMSTOP API key, sent as X-API-Key; a secret. */
    GAMSTOP_API_KEY: optionalText(),
    /** Whether this node runs the daily batch re-check of every active GB player against GAMSTOP (one node a day, by a unique row). */
    EXCLUSION_REGISTER_RECHECK_ENABLED: booleanFlag.default(true),
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
      .default(paymentMethodCodes.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(paymentMethodCodes, { message: `must list method codes from ${paymentMethodCodes.join(', ')}` }))),
    /** The provider of every method PAYMENT_ROUTING does not name (issue 31). */
    PAYMENT_PROVIDER: z.enum(paymentProviderIds, { message: `must be one of ${paymentProviderIds.join(', ')}` }).default('sandbox'),
    /**
     * Which provider new payments of a method start with, `METHOD=provider` comma separated
     * (`WPCGHOSTED_CARD=stripe`); methods not named use PAYMENT_PROVIDER. A payment keeps its
     * provider to the end, so a change here never strands one in flight.
     */
    PAYMENT_ROUTING: z
      .string()
      .default('')
      .transform((value, context) => {
        const routes: Partial<Record<PaymentMethodCodeSetting, PaymentProviderId>> = {};
        for (const entry of value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const [code = '', provider = ''] = entry.split('=').map((part) => part.trim());
          const method = code.toUpperCase();
          if (!(paymentMethodCodes as readonly string[]).includes(method)) {
            context.addIssue({ code: 'custom', message: `names an unknown method "${code}" (use ${paymentMethodCodes.join(', ')})` });
          } else if (!(paymentProviderIds as readonly string[]).includes(provider.toLowerCase())) {
            context.addIssue({ code: 'custom', message: `routes ${method} to an unknown provider "${provider}" (use ${paymentProviderIds.join(', ')})` });
          } else if (routes[method as PaymentMethodCodeSetting]) {
            context.addIssue({ code: 'custom', message: `routes ${method} twice` });
          } else {
            routes[method as PaymentMethodCodeSetting] = provider.toLowerCase() as PaymentProviderId;
          }
        }
        return routes;
      }),
    /** The HMAC key the payment provider signs its webhooks with. */
    PAYMENT_WEBHOOK_SECRET: optionalText(),
    /** Stripe (cards, issue 31): the secret API key (sk_live_… or sk_test_…). Never printed. */
    STRIPE_SECRET_KEY: optionalText(),
    /**
     * The signing secrets (whsec_…) of the Stripe webhook endpoint, comma separated: during a
     * rotation both the old and the new one are accepted, and the old one is removed afterwards.
     */
    STRIPE_WEBHOOK_SECRETS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((secret) => secret.trim())
          .filter(Boolean),
      ),
    /** Where the Stripe SDK sends its calls: empty for Stripe itself, the simulator's address (http://127.0.0.1:PORT) in the sandbox. */
    STRIPE_API_URL: optionalText().pipe(z.string().url({ message: 'must be an http(s) URL' }).optional()),
    /**
     * The page where a player enters a new card for a PaymentIntent (Stripe Elements on the
     * operator's side; the simulator's /pay page in the sandbox). Defaults to STRIPE_API_URL/pay.
     */
    STRIPE_CARD_PAGE_URL: optionalText().pipe(z.string().url({ message: 'must be an http(s) URL' }).optional()),
    /** Adyen (e-wallets, issue 31): the API key of the web service user (X-API-Key). Never printed. */
    ADYEN_API_KEY: optionalText(),
    /** The Adyen merchant account the payments and payouts are booked to. */
    ADYEN_MERCHANT_ACCOUNT: optionalText(),
    /**
     * The HMAC keys (hex, as the Customer Area shows them) of the Adyen notification webhook,
     * comma separated: during a rotation both the old and the new one are accepted, and the old
     * one is removed afterwards.
     */
    ADYEN_HMAC_KEYS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      ),
    /** Empty for Adyen's own endpoints (chosen by ADYEN_ENVIRONMENT); the simulator's address (http://127.0.0.1:PORT) in the sandbox. */
    ADYEN_API_URL: optionalText().pipe(z.string().url({ message: 'must be an http(s) URL' }).optional()),
    /** Adyen's test or live platform. */
    ADYEN_ENVIRONMENT: z.enum(['TEST', 'LIVE'], { message: 'must be TEST or LIVE' }).default('TEST'),
    /** LIVE only: the prefix of the merchant's live endpoints (Customer Area, Developers > API URLs). */
    ADYEN_LIVE_URL_PREFIX: optionalText(),
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
     * Remote Gaming Duty's rates, dated (issue 29): `YYYY-MM-DD:percent,…`, each in force from its
     * UTC day; the back office's gaming-duty report uses the rate of each day (gaming-duty-rates.ts).
     */
    REMOTE_GAMING_DUTY_RATES: z
      .string()
      .default(DEFAULT_REMOTE_GAMING_DUTY_RATES)
      .transform((value) => value.trim())
      .superRefine((value, context) => {
        const parsed = parseDutyRates(value);
        if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
      }),
    /**
     * Monthly activity statements (issue 29 item 10; statements module): whether this node runs
     * the job, and the UTC day of the month from which it states the month before (1–28, so every
     * month has the day).
     */
    ACTIVITY_STATEMENTS_ENABLED: booleanFlag.default(true),
    ACTIVITY_STATEMENT_DAY: positiveInteger(28).default(1),
    /**
     * Financial vulnerability checks (issue 29 item 3; financial-checks module; docs/compliance.md
     * "Financial vulnerability checks"): net deposits (deposits less withdrawals, from the ledger)
     * over a rolling 30 days above the threshold trigger one check per window through the provider.
     * Minor units of the currency measured; the legal default is £150 (UKGC LCCP 3.4.6, the social
     * responsibility code on financial risk). A CONCERN sets an operator deposit limit of
     * FINANCIAL_CHECK_DEPOSIT_CAP per rolling 30 days (minor units; 0 sets none).
     */
    FINANCIAL_CHECK_PROVIDER: z.enum(['sandbox'], { message: 'must be sandbox' }).default('sandbox'),
    FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD: positiveInteger(100_000_000).default(15_000),
    FINANCIAL_CHECK_DEPOSIT_CAP: z.coerce
      .number({ message: 'must be a whole number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must be between 0 and 100000000' })
      .max(100_000_000, { message: 'must be between 0 and 100000000' })
      .default(15_000),
    /** Whether this node runs the checks' job (the provider calls, the risk assessments); the triggers run everywhere. */
    FINANCIAL_CHECK_JOB_ENABLED: booleanFlag.default(true),
    /**
     * Financial risk assessments (issue 29 item 3, second rule): off by default — the regulator
     * postponed its decision. Net loss (stakes less wins) thresholds in minor units over 24 hours and
     * 90 days, and lower ones for players under 25 (the consultation's figures: £1,000 / £2,000, and
     * half that under 25).
     */
    FINANCIAL_RISK_ASSESSMENT_ENABLED: booleanFlag.default(false),
    FINANCIAL_RISK_NET_LOSS_24H: positiveInteger(100_000_000).default(100_000),
    FINANCIAL_RISK_NET_LOSS_90D: positiveInteger(100_000_000).default(200_000),
    FINANCIAL_RISK_NET_LOSS_24H_UNDER_25: positiveInteger(100_000_000).default(50_000),
    FINANCIAL_RISK_NET_LOSS_90D_UNDER_25: positiveInteger(100_000_000).default(100_000),
    /**
     * The account-holder register (issue 29 item 9; account-register module): whether this node
     * runs the job, the jurisdictions whose players are removed after months without play
     * (account-register.ts; the legal default IE), the months (13, Gambling Regulation Act 2024)
     * and the notice the player is given first, in days.
     */
    ACCOUNT_REGISTER_ENABLED: booleanFlag.default(true),
    ACCOUNT_INACTIVITY_REMOVAL: z
      .string()
      .default(DEFAULT_ACCOUNT_INACTIVITY_REMOVAL)
      .transform((value) => value.trim())
      .superRefine((value, context) => {
        const parsed = parseInactivityRemoval(value);
        if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
      }),
    ACCOUNT_INACTIVITY_MONTHS: positiveInteger(120).default(13),
    ACCOUNT_REMOVAL_NOTICE_DAYS: positiveInteger(365).default(30),
    /**
     * Inducements closed per jurisdiction (issue 29 item 7): `JURISDICTION` or
     * `JURISDICTION:kind+kind`, comma-separated (inducements.ts). The legal default closes every
     * inducement to IE players (Gambling Regulation Act 2024, s. 157); empty closes none.
     */
    INDUCEMENTS_OFF: z
      .string()
      .default(DEFAULT_INDUCEMENTS_OFF)
      .transform((value) => value.trim())
      .superRefine((value, context) => {
        const parsed = parseInducementsOff(value);
        if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
      }),
    /**
     * Jurisdictions whose players may not deposit on credit (issue 29 item 8): comma-separated
     * rule sets (credit-funding.ts). The legal default refuses it to IE (Gambling Regulation Act
     * 2024, s. 165) and GB (the credit card ban of 2020) players; empty refuses none.
     */
    CREDIT_FUNDING_REFUSED: z
      .string()
      .default(DEFAULT_CREDIT_FUNDING_REFUSED)
      .transform((value) => value.trim())
      .superRefine((value, context) => {
        const parsed = parseCreditFundingRefused(value);
        if ('problem' in parsed) context.addIssue({ code: 'custom', message: parsed.problem });
      }),
    /**
     * The key that signs the audit chain's checkpoints (issue 25, item 8): 32 random bytes as 64 hex
     * digits or base64 (`openssl rand -hex 32`), an Ed25519 seed. Kept out of the database, so whoever
     * can write the database alone cannot sign a checkpoint for a rewritten chain. Required in
     * production; unset on the embedded database (outside tests), one is generated once into
     * DATA_DIR/audit-anchor.key (mode 0600). Never shown or logged.
     */
    AUDIT_ANCHOR_KEY: optionalText().refine((value) => value === undefined || anchorSeed(value) !== undefined, {
      message: 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32)',
    }),
    /**
     * Where the signed checkpoints are appended, one JSON line each, one file per UTC day (default
     * DATA_DIR/audit-checkpoints). Put it where the database's writer cannot rewrite it.
     */
    AUDIT_CHECKPOINT_DIR: optionalText(),
    /** How often each node checkpoints the audit chain's head (when it has moved), milliseconds. */
    AUDIT_CHECKPOINT_INTERVAL_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int({ message: 'must be a whole number of milliseconds' })
      .min(1_000, { message: 'must be between 1000 and 86400000' })
      .max(86_400_000, { message: 'must be between 1000 and 86400000' })
      .default(60_000),
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
        message: 'is required when NODE_ENV=production: the embedded database does not flush commits to disk and is for trying Emerald, not for real money',
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
    if (env.EXCLUSION_REGISTER_PROVIDER === 'gamstop') {
      for (const name of ['GAMSTOP_URL', 'GAMSTOP_API_KEY'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when EXCLUSION_REGISTER_PROVIDER=gamstop' });
      }
      if (env.GAMSTOP_URL && URL.canParse(env.GAMSTOP_URL)) {
        const gamstop = new URL(env.GAMSTOP_URL);
        // The key travels in a header: plain http only to the simulator on this machine.
        if (gamstop.protocol === 'http:' && (env.NODE_ENV === 'production' || !isLoopbackUrl(gamstop))) {
          context.addIssue({
            code: 'custom',
            path: ['GAMSTOP_URL'],
            message: 'must be an https URL (plain http is allowed only for 127.0.0.1 or localhost outside production)',
          });
        }
      }
    }
    if (env.KYC_PROVIDER === 'onfido' || env.ONFIDO_API_TOKEN) {
      if (!env.ONFIDO_API_TOKEN) context.addIssue({ code: 'custom', path: ['ONFIDO_API_TOKEN'], message: 'is required when KYC_PROVIDER=onfido' });
      if (env.ONFIDO_WEBHOOK_TOKENS.length === 0)
        context.addIssue({ code: 'custom', path: ['ONFIDO_WEBHOOK_TOKENS'], message: 'is required when onfido is configured (the tokens of its webhook)' });
      if (env.NODE_ENV === 'production' && env.ONFIDO_API_URL && new URL(env.ONFIDO_API_URL).protocol !== 'https:') {
        context.addIssue({ code: 'custom', path: ['ONFIDO_API_URL'], message: 'must be https in production (the simulator is for development and tests)' });
      }
    }
    if (env.ADDRESS_PROVIDER === 'loqate') {
      if (!env.LOQATE_API_KEY) context.addIssue({ code: 'custom', path: ['LOQATE_API_KEY'], message: 'is required when ADDRESS_PROVIDER=loqate' });
      if (env.LOQATE_API_URL && URL.canParse(env.LOQATE_API_URL)) {
        const loqate = new URL(env.LOQATE_API_URL);
        // The key travels in the request body: plain http only to the simulator on this machine.
        if (loqate.protocol === 'http:' && (env.NODE_ENV === 'production' || !isLoopbackUrl(loqate))) {
          context.addIssue({
            code: 'custom',
            path: ['LOQATE_API_URL'],
            message: 'must be an https URL (plain http is allowed only for 127.0.0.1 or localhost outside production)',
          });
        }
      }
    }
    // Each enabled method's provider must serve its kind, and a provider in use needs its keys.
    for (const code of env.PAYMENT_METHODS) {
      const provider = env.PAYMENT_ROUTING[code] ?? env.PAYMENT_PROVIDER;
      if (provider === 'stripe' && code !== 'WPCGHOSTED_CARD') {
        context.addIssue({
          code: 'custom',
          path: [env.PAYMENT_ROUTING[code] ? 'PAYMENT_ROUTING' : 'PAYMENT_PROVIDER'],
          message: `routes ${code} to stripe, which serves only card methods (WPCGHOSTED_CARD)`,
        });
      }
    }
    for (const code of env.PAYMENT_METHODS) {
      const provider = env.PAYMENT_ROUTING[code] ?? env.PAYMENT_PROVIDER;
      // Adyen's card flow (its own card component, 3-D Secure and stored cards) is not mapped onto the port yet.
      if (provider === 'adyen' && !adyenMethodCodes.includes(code)) {
        context.addIssue({
          code: 'custom',
          path: [env.PAYMENT_ROUTING[code] ? 'PAYMENT_ROUTING' : 'PAYMENT_PROVIDER'],
          message: `routes ${code} to adyen, which serves only the e-wallets (${adyenMethodCodes.join(', ')})`,
        });
      }
    }
    if (adyenRuns(env)) {
      if (!env.ADYEN_API_KEY) context.addIssue({ code: 'custom', path: ['ADYEN_API_KEY'], message: 'is required when a payment method is routed to adyen' });
      if (!env.ADYEN_MERCHANT_ACCOUNT)
        context.addIssue({
          code: 'custom',
          path: ['ADYEN_MERCHANT_ACCOUNT'],
          message: 'is required when adyen is configured (the merchant account payments are booked to)',
        });
      if (env.ADYEN_HMAC_KEYS.length === 0)
        context.addIssue({
          code: 'custom',
          path: ['ADYEN_HMAC_KEYS'],
          message: 'is required when adyen is configured (the HMAC keys of its notification webhook)',
        });
      // A key that is not hex would be read as an empty HMAC key: every notification would be refused.
      if (env.ADYEN_HMAC_KEYS.some((key) => !/^(?:[0-9a-fA-F]{2}){16,}$/.test(key)))
        context.addIssue({
          code: 'custom',
          path: ['ADYEN_HMAC_KEYS'],
          message: 'must be hex keys (as the Customer Area shows them), at least 32 hex digits each',
        });
      if (env.ADYEN_ENVIRONMENT === 'LIVE' && !env.ADYEN_API_URL && !env.ADYEN_LIVE_URL_PREFIX)
        context.addIssue({
          code: 'custom',
          path: ['ADYEN_LIVE_URL_PREFIX'],
          message: 'is required with ADYEN_ENVIRONMENT=LIVE (the prefix of your live endpoints)',
        });
      if (env.NODE_ENV === 'production' && env.ADYEN_API_URL) {
        context.addIssue({ code: 'custom', path: ['ADYEN_API_URL'], message: 'must be empty in production (the simulator is for development and tests)' });
      }
    }
    if (stripeRuns(env)) {
      if (!env.STRIPE_SECRET_KEY)
        context.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when a payment method is routed to stripe' });
      if (env.STRIPE_WEBHOOK_SECRETS.length === 0)
        context.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRETS'],
          message: 'is required when stripe is configured (the whsec_… secrets of its webhook endpoint)',
        });
      if (!env.STRIPE_API_URL && !env.STRIPE_CARD_PAGE_URL)
        context.addIssue({
          code: 'custom',
          path: ['STRIPE_CARD_PAGE_URL'],
          message: 'is required with Stripe itself (the page where players enter a new card)',
        });
      if (env.NODE_ENV === 'production' && env.STRIPE_API_URL && new URL(env.STRIPE_API_URL).protocol !== 'https:') {
        context.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'must be https in production (the simulator is for development and tests)' });
      }
    }
    if (env.NODE_ENV === 'production') {
      if (env.PAYMENT_METHODS.some((code) => (env.PAYMENT_ROUTING[code] ?? env.PAYMENT_PROVIDER) === 'sandbox')) {
        context.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message: 'must name a real payment provider when NODE_ENV=production (sandbox takes no real money); or set PAYMENT_METHODS= to offer none',
        });
      }
      for (const name of ['PAYMENT_WEBHOOK_SECRET', 'WALLET_PROVIDER_SECRETS', 'AUDIT_ANCHOR_KEY'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when NODE_ENV=production' });
      }
    }
    // A live table's round is one game cycle for every player at it, GB players included: at least
    // 5 s (UKGC RTS 14G, the LONGEST_GAME_CYCLE_MS of the play rules).
    if (env.LIVE_ROULETTE_BETTING_SECONDS + env.LIVE_ROULETTE_RESULT_SECONDS < 5) {
      context.addIssue({
        code: 'custom',
        path: ['LIVE_ROULETTE_BETTING_SECONDS'],
        message: 'with LIVE_ROULETTE_RESULT_SECONDS must make a round of at least 5 seconds (UKGC RTS 14G: 5 s per game cycle)',
      });
    }
    // Under 25 the thresholds are lower, never higher; a 24-hour threshold above the 90-day one could never bind first.
    if (env.FINANCIAL_RISK_NET_LOSS_24H_UNDER_25 > env.FINANCIAL_RISK_NET_LOSS_24H) {
      context.addIssue({
        code: 'custom',
        path: ['FINANCIAL_RISK_NET_LOSS_24H_UNDER_25'],
        message: 'must not be above FINANCIAL_RISK_NET_LOSS_24H (the under-25 thresholds are the lower ones)',
      });
    }
    if (env.FINANCIAL_RISK_NET_LOSS_90D_UNDER_25 > env.FINANCIAL_RISK_NET_LOSS_90D) {
      context.addIssue({
        code: 'custom',
        path: ['FINANCIAL_RISK_NET_LOSS_90D_UNDER_25'],
        message: 'must not be above FINANCIAL_RISK_NET_LOSS_90D (the under-25 thresholds are the lower ones)',
      });
    }
    if (env.FINANCIAL_RISK_NET_LOSS_24H > env.FINANCIAL_RISK_NET_LOSS_90D) {
      context.addIssue({ code: 'custom', path: ['FINANCIAL_RISK_NET_LOSS_24H'], message: 'must not be above FINANCIAL_RISK_NET_LOSS_90D' });
    }
    if (env.SHUTDOWN_DRAIN_MS >= env.SHUTDOWN_TIMEOUT_MS) {
      context.addIssue({ code: 'custom', path: ['SHUTDOWN_DRAIN_MS'], message: 'must be less than SHUTDOWN_TIMEOUT_MS, which bounds the whole shutdown' });
    }
    if (env.WALLET_PROVIDER_SECRETS && !/^[\w.-]+:[^,\s]{16,}(,[\w.-]+:[^,\s]{16,})*$/.test(env.WALLET_PROVIDER_SECRETS)) {
      context.addIssue({
        code: 'custom',
        path: ['WALLET_PROVIDER_SECRETS'],
        message: 'must be id:secret pairs separated by commas, each secret at least 16 characters',
      });
    }
  });

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Environment {
  /** Absolute data directory. */
  dataDir: string;
  webDistDir: string;
  services: ServiceName[];
  logFormat: 'json' | 'pretty';
  /** Absolute directory of the audit chain's signed checkpoints (AUDIT_CHECKPOINT_DIR, default DATA_DIR/audit-checkpoints). */
  auditCheckpointDir: string;
  /**
   * Whether this node runs the background work: periodic jobs, the reconciler, the bingo and live
   * drivers, the audit checkpoints, the pruning (NODE_ROLE all or worker). The jobs' own flags
   * (BINGO_DRIVER, *_ENABLED) still apply on top.
   */
  runsBackgroundWork: boolean;
  /** Whether this node answers players' and staff's routes, the portal and the gateway (NODE_ROLE all or api). */
  servesPlayers: boolean;
}

/** Variables whose values may hold credentials and are never echoed (nor shown by the operations views). */
export const secretVariables: ReadonlySet<string> = new Set([
  'METRICS_TOKEN',
  'DATABASE_URL',
  'BUS_URL',
  'SMTP_URL',
  'OIDC_CLIENT_SECRET',
  'PAYMENT_WEBHOOK_SECRET',
  'WALLET_PROVIDER_SECRETS',
  'DOCUMENT_S3_SECRET_ACCESS_KEY',
  'AUDIT_ANCHOR_KEY',
  'GAMSTOP_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRETS',
  'ADYEN_API_KEY',
  'ADYEN_HMAC_KEYS',
  'ONFIDO_API_TOKEN',
  'ONFIDO_WEBHOOK_TOKENS',
  'LOQATE_API_KEY',
]);

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** Reads and validates the environment, naming every bad variable and the value it had. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const relevant = Object.fromEntries(Object.keys(environmentSchema.shape).map((key) => [key, env[key]]));
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
    auditCheckpointDir: path.resolve(cwd, parsed.AUDIT_CHECKPOINT_DIR ?? path.join(parsed.DATA_DIR, 'audit-checkpoints')),
    runsBackgroundWork: parsed.NODE_ROLE !== 'api',
    servesPlayers: parsed.NODE_ROLE !== 'worker',
    logFormat: parsed.LOG_FORMAT ?? (parsed.NODE_ENV !== 'production' && process.stdout.isTTY ? 'pretty' : 'json'),
  };
}
