import { z } from 'zod/mini';

/**
 * The WebSocket protocol of the real-time gateway (`/gs/ws`, server/realtime). Every frame is one
 * JSON object. A client subscribes to a topic with the last sequence number it has seen (or none:
 * live events only); the server replays what came after it, then sends events as they are published.
 * Zod's mini build: the game client parses every frame with these schemas, and its bundle is small.
 */

/** `live-roulette:<table>`, `bingo:<room>`, `channel:<id>`, `player:<partyId>`. */
export const topicSchema = z
  .string()
  .check(z.minLength(3), z.maxLength(120), z.regex(/^[a-z][a-z0-9-]*:[A-Za-z0-9._-]+$/, { message: 'must be <kind>:<id>, e.g. live-roulette:roulette-1' }));

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    topic: topicSchema,
    /** The last sequence number the client has seen; events after it are replayed first. */
    after: z.optional(z.int().check(z.minimum(0))),
  }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  /** An application-level ping for clients (browsers) that cannot see WebSocket ping frames. */
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), heartbeatMs: z.int() }),
  /** Subscribed: `seq` is the last event the topic had when the subscription started. */
  z.object({ type: z.literal('subscribed'), topic: z.string(), seq: z.int() }),
  z.object({ type: z.literal('unsubscribed'), topic: z.string() }),
  z.object({ type: z.literal('event'), topic: z.string(), seq: z.int(), payload: z.unknown() }),
  z.object({ type: z.literal('pong') }),
  z.object({
    type: z.literal('error'),
    error: z.string(),
    errors: z.optional(z.array(z.object({ field: z.string(), error: z.string() }))),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * The close code of a socket whose session has ended (logout, expiry, a lock, a staff member
 * disabled or past their access end): reconnecting needs a new sign-in, so a client may stop trying.
 */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * The close code of a node going away for a restart (RFC 6455's registry: 1012, Service Restart):
 * the client reconnects with jittered back-off (behind a balancer, to another node) and subscribes
 * every topic after the last sequence number it saw, so nothing published meanwhile is missed.
 */
export const SERVICE_RESTART_CLOSE_CODE = 1012;
