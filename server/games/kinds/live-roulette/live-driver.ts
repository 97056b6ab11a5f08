import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../../db/database';
import type { LiveLobby } from './live-tables';
import { releaseLease, tick } from './live-roulette';

/**
 * This node's timer for the live tables: every `intervalMs` it ticks each table, which drives the
 * table only while this node holds its lease. A node that stops lets its leases go (or, if it
 * dies, they lapse after `LEASE_MS`) and another node's next tick takes over from the stored round.
 */
export function startLiveDriver(db: Db, lobby: LiveLobby, logger: Logger, intervalMs = 500): { driverId: string; stop(): Promise<void> } {
  const driverId = `node-${randomUUID()}`;
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = (async () => {
      for (const table of lobby.tables) {
        try {
          await tick(db, table, driverId);
        } catch (error) {
          logger.warn({ err: error, table: table.id }, 'live tables: a tick failed; the next one retries');
        }
      }
    })().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    driverId,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      for (const table of lobby.tables) await releaseLease(db, table, driverId).catch(() => undefined);
    },
  };
}
