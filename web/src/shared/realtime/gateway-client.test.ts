import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_RESTART_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '../../../../contracts/realtime/messages';
import { reconnectDelayMs } from '../../../../contracts/realtime/reconnect';
import { setServiceAddresses } from '../api/service-addresses';
import { subscribeToTopic } from './gateway-client';

/** A stand-in for the browser's WebSocket: records the sockets opened and lets the test open and close them as the server would. */
class FakeSocket {
  static readonly OPEN = 1;
  static opened: FakeSocket[] = [];
  readyState = 0;
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  readonly sent: unknown[] = [];
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(frame: string): void {
    this.sent.push(JSON.parse(frame));
  }
  close(): void {}
  private emit(type: string, event: unknown = {}): void {
    if (type === 'open') this.readyState = FakeSocket.OPEN;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The server accepts the connection. */
  readonly onopen = () => this.emit('open');
  serverCloses(code: number): void {
    this.emit('close', { code });
  }
  /** The server's side of a frame. */
  receive(message: unknown): void {
    this.emit('message', { data: JSON.stringify(message) });
  }
}

describe('the portal’s gateway subscription when the gateway closes the socket (issue 25)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { href: 'http://portal.test/' } });
    setServiceAddresses({
      cms: 'http://portal.test/cms',
      ps: 'http://portal.test/ps',
      bo: 'http://portal.test/bo',
      gs: 'http://portal.test/gs',
      management: 'http://portal.test/management',
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const follow = () => {
    const calls = { ended: 0, disconnected: 0 };
    const stop = subscribeToTopic({
      topic: 'player:1',
      reconnectMs: [100],
      onSubscribed: () => undefined,
      onEvent: () => undefined,
      onSessionEnded: () => void calls.ended++,
      onDisconnected: () => void calls.disconnected++,
    });
    return { calls, stop };
  };

  it('a dropped connection is tried again', () => {
    const { calls, stop } = follow();
    FakeSocket.opened[0]!.serverCloses(1006);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.opened).toHaveLength(2);
    expect(calls).toEqual({ ended: 0, disconnected: 1 });
    stop();
  });

  it('a close for an ended session (4001) is final: the page is told, and no socket opens again', () => {
    const { calls, stop } = follow();
    FakeSocket.opened[0]!.serverCloses(SESSION_ENDED_CLOSE_CODE);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(calls).toEqual({ ended: 1, disconnected: 0 });
    stop();
  });

  it('a node’s restart (1012): reconnects after a jittered wait and resumes after the last sequence number seen, each event once', () => {
    const events: number[] = [];
    const resumed: boolean[] = [];
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const stop = subscribeToTopic({
      topic: 'bingo:room',
      onSubscribed: (again) => void resumed.push(again),
      onEvent: (_payload, seq) => void events.push(seq),
    });
    const first = FakeSocket.opened[0]!;
    first.onopen?.();
    expect(first.sent).toEqual([{ type: 'subscribe', topic: 'bingo:room' }]);
    first.receive({ type: 'subscribed', topic: 'bingo:room', seq: 7 });
    first.receive({ type: 'event', topic: 'bingo:room', seq: 8, payload: {} });
    first.receive({ type: 'event', topic: 'bingo:room', seq: 9, payload: {} });
    first.serverCloses(SERVICE_RESTART_CLOSE_CODE);

    // The first wait is drawn within [0.25 s, 0.5 s]: here 0.375 s.
    expect(reconnectDelayMs(0)).toBe(375);
    vi.advanceTimersByTime(374);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.opened[1]!;
    second.onopen?.();
    expect(second.sent).toEqual([{ type: 'subscribe', topic: 'bingo:room', after: 9 }]);
    second.receive({ type: 'subscribed', topic: 'bingo:room', seq: 11 });
    // The replay overlapping what was seen is not handed on twice.
    for (const seq of [9, 10, 11]) second.receive({ type: 'event', topic: 'bingo:room', seq, payload: {} });
    expect(events).toEqual([8, 9, 10, 11]);
    expect(resumed).toEqual([false, true]);
    stop();
  });

  it('a topic with no event yet resumes from where its first subscription started', () => {
    const stop = subscribeToTopic({ topic: 'player:1', onSubscribed: () => undefined, onEvent: () => undefined });
    const first = FakeSocket.opened[0]!;
    first.onopen?.();
    first.receive({ type: 'subscribed', topic: 'player:1', seq: 4 });
    first.serverCloses(SERVICE_RESTART_CLOSE_CODE);
    vi.advanceTimersByTime(500);
    FakeSocket.opened[1]!.onopen?.();
    expect(FakeSocket.opened[1]!.sent).toEqual([{ type: 'subscribe', topic: 'player:1', after: 4 }]);
    stop();
  });

  it('waits longer after each failure in a row, never in step with other clients, and starts over once subscribed', () => {
    const stop = subscribeToTopic({ topic: 'player:1', onSubscribed: () => undefined, onEvent: () => undefined });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const before = Date.now();
      FakeSocket.opened.at(-1)!.serverCloses(1006);
      const count = FakeSocket.opened.length;
      while (FakeSocket.opened.length === count) vi.advanceTimersByTime(1);
      waits.push(Date.now() - before);
    }
    // Ceilings 0.5, 1, 2, 4, 8, 10 s; each wait between half its ceiling and the whole.
    [500, 1_000, 2_000, 4_000, 8_000, 10_000].forEach((ceiling, index) => {
      expect(waits[index]).toBeGreaterThanOrEqual(ceiling / 2);
      expect(waits[index]).toBeLessThanOrEqual(ceiling);
    });
    const socket = FakeSocket.opened.at(-1)!;
    socket.onopen?.();
    socket.receive({ type: 'subscribed', topic: 'player:1', seq: 0 });
    const before = Date.now();
    socket.serverCloses(SERVICE_RESTART_CLOSE_CODE);
    const count = FakeSocket.opened.length;
    while (FakeSocket.opened.length === count) vi.advanceTimersByTime(1);
    expect(Date.now() - before).toBeLessThanOrEqual(500);
    stop();
  });

  it('spreads the reconnections of many clients closed at once over the window', () => {
    const delays = Array.from({ length: 1_000 }, () => reconnectDelayMs(0));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(250);
    expect(Math.max(...delays)).toBeLessThanOrEqual(500);
    // Not bunched: every tenth of the window holds some.
    const buckets = new Set(delays.map((delay) => Math.min(9, Math.floor((delay - 250) / 25))));
    expect(buckets.size).toBe(10);
  });

  it('a frame that breaks the contract is not handed on', () => {
    const events: unknown[] = [];
    const stop = subscribeToTopic({ topic: 'bingo:room', onSubscribed: () => undefined, onEvent: (payload) => void events.push(payload) });
    const socket = FakeSocket.opened[0]!;
    socket.onopen();
    socket.receive({ type: 'subscribed', topic: 'bingo:room', seq: 1 });
    socket.receive({ type: 'event', topic: 'bingo:room', seq: 'two', payload: 'bad' });
    socket.receive({ type: 'event', topic: 'bingo:room', seq: 2.5, payload: 'bad' });
    socket.receive({ type: 'event', topic: 'bingo:room', seq: 2, payload: 'good' });
    expect(events).toEqual(['good']);
    stop();
  });
});
