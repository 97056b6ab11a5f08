import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database';
import { player } from '../../server/db/schema';
import { creditDeposit } from '../../server/platform/wallet/cashier-movements';
import { inTransaction } from '../../server/db/transaction';
import { postMovementNow } from '../../server/platform/wallet/ledger';
import { DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET, signWalletBody } from '../../server/platform/wallet/provider-signature';

/** Helpers for the wallet's tests: funded players, signed seamless-wallet calls and reading balance events. */

/** A new player (named `name`) with `cash` from a deposit and `bonus` from a bonus grant, in EUR minor units. */
export async function fundedWalletPlayer(db: Db, name: string, cash = 0n, bonus = 0n): Promise<string> {
  const [row] = await db
    .insert(player)
    .values({ username: name, email: `${name}@example.test` })
    .returning({ id: player.id });
  if (!row) throw new Error('no player');
  if (cash > 0n) await inTransaction(db, (tx) => creditDeposit(tx, { paymentId: randomUUID(), playerId: row.id, currency: 'EUR', amount: cash }));
  if (bonus > 0n) {
    await postMovementNow(db, {
      idempotencyKey: `bonus-${randomUUID()}`,
      kind: 'BONUS_GRANT',
      playerId: row.id,
      currency: 'EUR',
      amount: bonus,
      postings: [
        { account: { house: 'BONUS_COST' }, amount: -bonus },
        { account: { playerId: row.id, bucket: 'BONUS' }, amount: bonus },
      ],
    });
  }
  return row.id;
}

export interface WalletCallOptions {
  provider?: string;
  secret?: string;
  /** Sent instead of the signature computed over the body. */
  signature?: string | null;
  /** Sent instead of JSON.stringify(body) (the signature is still computed over what is sent). */
  rawBody?: string;
}

export interface WalletCallResult {
  status: number;
  body: Record<string, unknown> & { status?: string; errors?: { field: string; error: string }[] };
  headers: Headers;
}

export async function walletCall(
  baseUrl: string,
  operation: 'debit' | 'credit' | 'rollback',
  body: unknown,
  options: WalletCallOptions = {},
): Promise<WalletCallResult> {
  const text = options.rawBody ?? JSON.stringify(body);
  const signature = options.signature === undefined ? signWalletBody(options.secret ?? DEVELOPMENT_PROVIDER_SECRET, text) : options.signature;
  const response = await fetch(`${baseUrl}/ps/wallet/${operation}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-wallet-provider': options.provider ?? DEVELOPMENT_PROVIDER_ID,
      ...(signature === null ? {} : { 'x-wallet-signature': signature }),
    },
    body: text,
  });
  const raw = await response.text();
  return { status: response.status, body: raw ? (JSON.parse(raw) as WalletCallResult['body']) : {}, headers: response.headers };
}

let sequence = 0;
export const uniqueId = (prefix = 'tx') => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

export function gameBody(playerId: string, overrides: Record<string, unknown> = {}) {
  return {
    playerId,
    currency: 'EUR',
    amount: 1,
    transactionId: uniqueId(),
    roundId: uniqueId('round'),
    gameId: 'emerald-slot',
    ...overrides,
  };
}

/** Reads Server-Sent Events from a response body, one parsed event at a time. */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(timeoutMs = 5_000): Promise<{ event: string; data: string; comment: boolean }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = buffer.indexOf('\n\n');
        if (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const lines = block.split('\n');
          if (lines.every((line) => line.startsWith('retry: '))) continue;
          if (lines.every((line) => line.startsWith(':'))) return { event: '', data: '', comment: true };
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          return { event, data, comment: false };
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('no server-sent event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no server-sent event in time')), remaining)),
        ]);
        if (chunk.done) return { event: 'end', data: '', comment: false };
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
