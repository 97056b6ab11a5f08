import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_RESTART_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '../../contracts/realtime/messages';
import { openGateway, whenSessionEnds } from './gateway';

/** A stand-in for the browser's WebSocket with addEventListener: the test opens and closes it as the server would. */
class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: URL) {
    FakeSocket.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  readonly sent: unknown[] = [];
  send(frame: string): void {
    this.sent.push(JSON.parse(frame));
  }
  close(): void {}
  receive(message: unknown): void {
    this.emit('message', { data: JSON.stringify(message) });
  }
  emit(type: string, event: unknown = {}): void {
    if (type === 'open') this.readyState = FakeSocket.OPEN;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

describe('the game client’s gateway when the gateway closes the socket (issue 25)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { href: 'http://portal.test/game/' }, setTimeout, clearTimeout });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reconnects after a dropped connection, and stops for good when the session has ended (4001), telling the page', () => {
    let ended = 0;
    whenSessionEnds(() => void ended++);
    const connected: boolean[] = [];
    const gateway = openGateway({ onConnected: (up) => void connected.push(up) });
    gateway.follow('bingo-room:1', { onEvent: () => undefined });
    FakeSocket.opened[0]!.emit('open');
    FakeSocket.opened[0]!.emit('close', { code: 1006 });
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(ended).toBe(0);

    FakeSocket.opened[1]!.emit('open');
    FakeSocket.opened[1]!.emit('close', { code: SESSION_ENDED_CLOSE_CODE });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(ended).toBe(1);
    expect(connected).toEqual([true, false, true, false]);
    gateway.close();
  });

  it('a node’s restart (1012): reconnects after a jittered wait and resumes every topic from its last sequence number, each event once', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const seen: Record<string, number[]> = { 'bingo:room': [], 'live-roulette:table': [] };
    const gateway = openGateway();
    gateway.follow('bingo:room', { onEvent: (_payload, seq) => void seen['bingo:room']!.push(seq) });
    gateway.follow('live-roulette:table', { onEvent: (_payload, seq) => void seen['live-roulette:table']!.push(seq) }, 40);
    const first = FakeSocket.opened[0]!;
    first.emit('open');
    expect(first.sent).toEqual([
      { type: 'subscribe', topic: 'bingo:room' },
      { type: 'subscribe', topic: 'live-roulette:table', after: 40 },
    ]);
    first.receive({ type: 'subscribed', topic: 'bingo:room', seq: 3 });
    first.receive({ type: 'event', topic: 'bingo:room', seq: 4, payload: {} });
    first.receive({ type: 'subscribed', topic: 'live-roulette:table', seq: 41 });
    first.receive({ type: 'event', topic: 'live-roulette:table', seq: 41, payload: {} });
    first.emit('close', { code: SERVICE_RESTART_CLOSE_CODE });

    // Random 0 draws the shortest wait of the first step: half of 0.5 s.
    vi.advanceTimersByTime(249);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.opened[1]!;
    second.emit('open');
    expect(second.sent).toEqual([
      { type: 'subscribe', topic: 'bingo:room', after: 4 },
      { type: 'subscribe', topic: 'live-roulette:table', after: 41 },
    ]);
    for (const seq of [4, 5, 6]) second.receive({ type: 'event', topic: 'bingo:room', seq, payload: {} });
    second.receive({ type: 'event', topic: 'live-roulette:table', seq: 42, payload: {} });
    expect(seen).toEqual({ 'bingo:room': [4, 5, 6], 'live-roulette:table': [41, 42] });
    gateway.close();
  });

  it('waits longer after each failed reconnection in a row, within jittered bounds', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const gateway = openGateway();
    gateway.follow('bingo:room', { onEvent: () => undefined });
    FakeSocket.opened[0]!.emit('open');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const before = Date.now();
      FakeSocket.opened.at(-1)!.emit('close', { code: attempt === 0 ? SERVICE_RESTART_CLOSE_CODE : 1006 });
      const count = FakeSocket.opened.length;
      while (FakeSocket.opened.length === count) vi.advanceTimersByTime(1);
      waits.push(Date.now() - before);
    }
    // Random just under 1 draws just under each ceiling: 0.5, 1, 2, 4, 8 s, then 10 s at most.
    [500, 1_000, 2_000, 4_000, 8_000, 10_000].forEach((ceiling, index) => {
      expect(waits[index]).toBeGreaterThanOrEqual(ceiling * 0.99);
      expect(waits[index]).toBeLessThanOrEqual(ceiling);
    });
    gateway.close();
  });
});
