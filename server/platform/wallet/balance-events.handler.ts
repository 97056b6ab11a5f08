import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import type { ServiceContext } from '../../service-context';
import { peekLiveSession, requireSession, sessionPolicy } from '../session/index';
import type { BalanceEvents } from './balance-events';
import { balanceResponse } from './get-balance.handler';
import type { WalletDependencies } from './wallet-dependencies';

/**
 * GET /ps/balanceEvents: the signed-in player's balances pushed as Server-Sent Events (WALLET-12:
 * the portal shows the new balance after every change, also on return from a game).
 *
 *   retry: 5000
 *
 *   event: balance
 *   data: {"status":"SUCCESS","currencyBalances":[…]}      ← the getBalance response, on connect
 *                                                            and after every committed change
 *   : heartbeat                                            ← a comment every 25 s
 *
 *   event: session-ended
 *   data: {"status":"INVALID_SESSIONKEY"}                   ← then the stream closes
 *
 * The session is checked again before every event and at every heartbeat, without counting as
 * activity: an open page does not keep a session alive, and a stream ends with its session.
 */
const HEARTBEAT_MS = 25_000;

export const balanceEventsRoutes =
  (context: ServiceContext, events: BalanceEvents, { loyaltyPoints }: WalletDependencies = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const policy = sessionPolicy(context.config);
    const openStreams = new Set<() => void>();
    // Open streams would hold a shutdown until they end by themselves.
    app.addHook('preClose', async () => {
      for (const end of [...openStreams]) end();
    });

    app.get(
      '/balanceEvents',
      {
        config: { restrictedSession: true },
        schema: {
          tags: ['platform', 'wallet'],
          summary: "The signed-in player's balances as Server-Sent Events (event: balance, data: the getBalance response)",
          response: { 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        reply.hijack();
        const stream = reply.raw;
        const headers = Object.fromEntries(
          Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined),
        );
        stream.writeHead(200, {
          ...headers,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        stream.write('retry: 5000\n\n');

        let ended = false;
        let sending = false;
        let again = false;
        let unsubscribe: () => void = () => undefined;
        const heartbeat = setInterval(() => {
          stream.write(': heartbeat\n\n');
          void peekLiveSession(db, session.tokenHash, policy).then(
            (live) => (live ? undefined : sessionEnded()),
            () => undefined,
          );
        }, HEARTBEAT_MS);
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          openStreams.delete(end);
          stream.end();
        };
        const sessionEnded = () => {
          if (ended) return;
          stream.write(`event: session-ended\ndata: ${JSON.stringify({ status: 'INVALID_SESSIONKEY' })}\n\n`);
          end();
        };
        // One read at a time; changes that arrive meanwhile are folded into one more read.
        const push = async () => {
          if (ended) return;
          if (sending) {
            again = true;
            return;
          }
          sending = true;
          try {
            do {
              again = false;
              const live = await peekLiveSession(db, session.tokenHash, policy);
              if (!live) return sessionEnded();
              const body = await balanceResponse(db, live.partyId, live.currency, loyaltyPoints);
              if (ended) return;
              stream.write(`event: balance\ndata: ${JSON.stringify(body)}\n\n`);
            } while (again && !ended);
          } catch (error) {
            request.log.warn({ err: error }, 'balance event could not be sent');
          } finally {
            sending = false;
          }
        };

        openStreams.add(end);
        request.raw.on('close', end);
        stream.on('error', end);
        // Subscribe before the first read, so a change between the two is not missed.
        unsubscribe = await events.subscribe(session.partyId, () => void push());
        if (ended) unsubscribe();
        await push();
        return reply;
      },
    );
  };
