import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod/mini';
import { currencyBalanceSchema } from '../../../../contracts/platform/wallet/balance';
import { paths } from '../../config/paths';
import { serviceUrl } from '../api/service-addresses';
import { sessionQueryKey } from '../session/api/check-session-alive';
import { balanceQueryKey } from './api/get-balance';

const balanceEventSchema = z.union([z.object({ currencyBalances: z.array(currencyBalanceSchema) }), z.array(currencyBalanceSchema)]);

/** The balances a pushed event carries, or null when it is not a balance event. */
export function balancesFromEvent(data: string): z.infer<typeof currencyBalanceSchema>[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const event = balanceEventSchema.safeParse(parsed);
  if (!event.success) return null;
  return Array.isArray(event.data) ? event.data : event.data.currencyBalances;
}

const gamePaths: readonly string[] = [paths.game.path, paths.gamePage.path, paths.minigames.path];

/**
 * Keeps the shown balance current while a player is signed in: balances pushed by the server
 * (GET {ps}/balanceEvents, Server-Sent Events `balance` with the getBalance answer after every
 * committed change) replace the cached ones; without that stream the
 * balance is read again when the window regains focus (the query's own setting) and when the
 * player leaves a game (WALLET-12).
 */
export function useBalanceUpdates(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    const left = previousPath.current;
    previousPath.current = pathname;
    if (left !== pathname && gamePaths.includes(left)) void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [pathname, queryClient]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(serviceUrl('ps', '/balanceEvents'), { withCredentials: true });
    const apply = (event: MessageEvent<string>) => {
      const balances = balancesFromEvent(event.data);
      if (balances) queryClient.setQueryData(balanceQueryKey, balances);
    };
    source.addEventListener('message', apply);
    source.addEventListener('balance', apply);
    // The stream ends with the session: the session check then tells the app what to do.
    source.addEventListener('session-ended', () => {
      source.close();
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    });
    // A stream the server does not offer (or refuses) ends for good; the reads above cover it.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) source.close();
    });
    return () => source.close();
  }, [queryClient]);
}
