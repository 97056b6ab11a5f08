import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNatsBus, streamNameOf, type BusEventMessage, type NatsBus } from './nats-bus';

/**
 * The NATS transport of the real-time bus (issue 32) against a real NATS server with JetStream
 * (TEST_BUS_URL, default nats://127.0.0.1:4222); skipped, saying so, when none answers.
 */

const BUS_URL = process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222';

async function natsAnswers(): Promise<boolean> {
  try {
    const nc = await connect({ servers: BUS_URL, timeout: 2_000, reconnect: false });
    const jetStream = await nc
      .jetstreamManager()
      .then(() => true)
      .catch(() => false);
    await nc.close();
    return jetStream;
  } catch {
    return false;
  }
}

const natsUp = await natsAnswers();
const namespace = `unit-${randomUUID().slice(0, 8)}`;
const open = () => connectNatsBus({ url: BUS_URL, namespace, retentionMs: 3_600_000, logger: pino({ level: 'silent' }) });

describe.runIf(natsUp)(
  natsUp ? 'the NATS bus transport' : `the NATS bus transport — skipped: no NATS server with JetStream at ${BUS_URL} (TEST_BUS_URL)`,
  () => {
    let publisher: NatsBus;
    let reader: NatsBus;
    beforeAll(async () => {
      publisher = await open();
      reader = await open();
    });
    afterAll(async () => {
      await reader?.close();
      await publisher?.close();
      const nc = await connect({ servers: BUS_URL, timeout: 2_000 });
      await (await nc.jetstreamManager()).streams.delete(streamNameOf(namespace)).catch(() => undefined);
      await nc.close();
    });

    it('a feed gets the events published after it started, in order, topic, sequence and payload intact; none from before', async () => {
      const topic = `t:${randomUUID()}`;
      publisher.publishEvent({ topic, seq: 1, payload: { before: true } });
      // The earlier event is on the stream before the feed starts (a marker read back shows it).
      const marker: BusEventMessage[] = [];
      const probe = await reader.followEvents((event) => marker.push(event));
      publisher.publishEvent({ topic: `${topic}:marker`, seq: 1, payload: null });
      await expect.poll(() => marker.some((event) => event.topic === `${topic}:marker`)).toBe(true);
      await probe.stop();

      const seen: BusEventMessage[] = [];
      const feed = await reader.followEvents((event) => seen.push(event));
      for (let seq = 2; seq <= 4; seq++) publisher.publishEvent({ topic, seq, payload: { seq, text: 'ü €' } });
      await expect.poll(() => seen.filter((event) => event.topic === topic)).toEqual([2, 3, 4].map((seq) => ({ topic, seq, payload: { seq, text: 'ü €' } })));
      await feed.stop();
    });

    it('an event published twice (a retried publication) is on the stream once', async () => {
      const topic = `t:${randomUUID()}`;
      const seen: BusEventMessage[] = [];
      const feed = await reader.followEvents((event) => seen.push(event));
      publisher.publishEvent({ topic, seq: 1, payload: 'once' });
      publisher.publishEvent({ topic, seq: 1, payload: 'once' });
      publisher.publishEvent({ topic, seq: 2, payload: 'after' });
      await expect.poll(() => seen.filter((event) => event.topic === topic).map((event) => event.seq)).toEqual([1, 2]);
      await feed.stop();
    });

    it('notices reach every listener of their channel, each payload once, and none after unlistening', async () => {
      const channel = `c${randomUUID().slice(0, 8)}`;
      const heard: string[] = [];
      const unlisten = reader.listen(channel, (payload) => heard.push(payload));
      const other: string[] = [];
      const unlistenOther = reader.listen(`${channel}x`, (payload) => other.push(payload));
      // Subscriptions are registered with the server asynchronously: the first notices are sent until one is heard.
      await expect
        .poll(() => {
          publisher.notify(channel, ['ready']);
          return heard.includes('ready');
        })
        .toBe(true);
      heard.length = 0;
      publisher.notify(channel, ['a', 'b']);
      publisher.notify(channel, ['c']);
      await expect.poll(() => heard.filter((payload) => payload !== 'ready')).toEqual(['a', 'b', 'c']);
      expect(other).toEqual([]);
      unlisten();
      unlistenOther();
    });

    it('after a dropped connection the feed resumes where it was: what was published meanwhile arrives, in order, and reconnect listeners are told', async () => {
      const topic = `t:${randomUUID()}`;
      const seen: number[] = [];
      const feed = await reader.followEvents((event) => {
        if (event.topic === topic) seen.push(event.seq);
      });
      let reconnections = 0;
      const removeListener = reader.onReconnect(() => (reconnections += 1));
      publisher.publishEvent({ topic, seq: 1, payload: null });
      await expect.poll(() => seen).toEqual([1]);
      const dropped = reader.reconnect();
      for (let seq = 2; seq <= 5; seq++) publisher.publishEvent({ topic, seq, payload: null });
      await dropped;
      publisher.publishEvent({ topic, seq: 6, payload: null });
      await expect.poll(() => seen, { timeout: 15_000 }).toEqual([1, 2, 3, 4, 5, 6]);
      await expect.poll(() => reconnections).toBeGreaterThanOrEqual(1);
      removeListener();
      await feed.stop();
    }, 30_000);

    it('closes without waiting on anything, and publishing after closing is a no-op', async () => {
      const bus = await open();
      const feed = await bus.followEvents(() => undefined);
      bus.listen('closing', () => undefined);
      await bus.close();
      await feed.stop();
      bus.publishEvent({ topic: 't:closed', seq: 1, payload: null });
      bus.notify('closing', ['x']);
      await bus.close();
    });
  },
);
