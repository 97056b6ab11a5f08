import { expect } from 'vitest';
import { gameSessionResponseSchema } from '../../contracts/games/play';
import { upsertPost } from '../../server/content/content-posts.repository';
import { GAME_SESSION_COOKIE } from '../../server/games/play/game-session';
import type { TestServer } from './test-server';

/** Helpers of the game-server API tests: calls, launch and game sessions. */

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export function gameClient(server: TestServer) {
  async function call(method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  async function publishFreeGame(gameId: string, slug: string, title: string) {
    await upsertPost(server.db, { type: 'game', slug, title, acf: { game_id: gameId, game_provider: 'emerald-studio', play_for_free: true } });
  }

  async function openGame(portalCookie: string, gameId: string, playForReal: boolean) {
    const launched = await call('POST', '/gs/launch', { cookie: portalCookie, body: { gameId, playForReal } });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const token = new URL(launched.body.launchUrl as string, 'http://localhost').searchParams.get('token');
    const answer = await call('POST', '/gs/session', { body: { token } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const value = new RegExp(`${GAME_SESSION_COOKIE}=([^;]+)`).exec(answer.headers.get('set-cookie') ?? '')?.[1];
    if (!value) throw new Error('no game-session cookie');
    return { cookie: `${GAME_SESSION_COOKIE}=${value}`, session: gameSessionResponseSchema.parse(answer.body) };
  }

  return { call, publishFreeGame, openGame };
}

export const fieldsOf = (answer: Answer) => ((answer.body.errors as { field: string }[] | undefined) ?? []).map((entry) => entry.field);
export const minor = (major: number) => BigInt(Math.round(major * 100));
