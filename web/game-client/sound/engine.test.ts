import { describe, expect, it } from 'vitest';
import { createSoundEngine, MUSIC_KEY, MUTED_KEY, OLD_SLOT_MUTED_KEY, readPreferences, type SoundEnvironment } from './engine';
import { FLAVOURS, LOOK_AHEAD, WAKE_MS } from './music';

/**
 * The sound engine against a recording stand-in for the browser's Web Audio API (Node has none): a
 * context whose clock the test moves, which records every source started and when.
 */

class Param {
  value = 1;
  setValueAtTime(value: number) {
    this.value = value;
    return this;
  }
  exponentialRampToValueAtTime(value: number) {
    this.value = value;
    return this;
  }
  setTargetAtTime(value: number) {
    this.value = value;
    return this;
  }
  cancelScheduledValues() {
    return this;
  }
}

class Node {
  gain = new Param();
  frequency = new Param();
  type = '';
  buffer: unknown = null;
  outputs: Node[] = [];
  constructor(
    readonly ctx: FakeContext,
    readonly kind: string,
  ) {}
  connect(to: Node) {
    this.outputs.push(to);
    return to;
  }
  disconnect() {
    this.outputs = [];
  }
  start(at = 0) {
    this.ctx.started.push({ kind: this.kind, at, node: this });
  }
  stop() {}
}

class FakeContext {
  static made: FakeContext[] = [];
  currentTime = 0;
  sampleRate = 8000;
  state: 'suspended' | 'running' | 'closed' = 'running';
  destination = new Node(this, 'destination');
  started: { kind: string; at: number; node: Node }[] = [];
  constructor() {
    FakeContext.made.push(this);
  }
  createGain() {
    return new Node(this, 'gain');
  }
  createOscillator() {
    return new Node(this, 'oscillator');
  }
  createBufferSource() {
    return new Node(this, 'buffer');
  }
  createBiquadFilter() {
    return new Node(this, 'filter');
  }
  createBuffer(_channels: number, length: number) {
    return { getChannelData: () => new Float32Array(length) };
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
}

/** Whether `node`'s sound reaches `target` through the graph. */
function reaches(node: Node, target: Node): boolean {
  return node === target || node.outputs.some((next) => reaches(next, target));
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

/** A page: its listeners, whether it is in view, and timers the test runs by hand. */
function fakePage() {
  const listeners = new Map<string, (() => void)[]>();
  const timers: { at: number; callback: () => void; id: number }[] = [];
  let clock = 0;
  let ids = 0;
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener(type: string, listener: () => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
    timers: {
      set: (callback: () => void, ms: number) => {
        timers.push({ at: clock + ms, callback, id: ++ids });
        return ids;
      },
      clear: (id: unknown) => {
        const index = timers.findIndex((timer) => timer.id === id);
        if (index >= 0) timers.splice(index, 1);
      },
    },
    /** Moves the page's clock and the audio clock on by `ms`, running the timers that fall due. */
    advance(ms: number, ctx?: FakeContext) {
      const end = clock + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        if (ctx) ctx.currentTime += (next.at - clock) / 1000;
        clock = next.at;
        next.callback();
      }
      if (ctx) ctx.currentTime += (end - clock) / 1000;
      clock = end;
    },
  };
  return page;
}

function setUp(stored: Record<string, string> = {}) {
  FakeContext.made = [];
  const storage = memoryStorage(stored);
  const page = fakePage();
  const env: SoundEnvironment = {
    storage,
    AudioContext: FakeContext as unknown as new () => AudioContext,
    document: page as unknown as Document,
    timers: page.timers,
  };
  return { storage, page, env, engine: createSoundEngine(env), ctx: () => FakeContext.made[0] };
}

describe('the game client sound engine', () => {
  it('makes no audio context before a gesture, and one on the first press anywhere on the page', () => {
    const { engine, page, ctx } = setUp();
    engine.tone({ frequency: 440, at: 0, length: 0.1, type: 'sine', volume: 0.1 });
    expect(ctx()).toBeUndefined();
    page.fire('pointerdown');
    expect(FakeContext.made).toHaveLength(1);
    engine.tone({ frequency: 440, at: 0, length: 0.1, type: 'sine', volume: 0.1 });
    expect(ctx()!.started.map((start) => start.kind)).toEqual(['oscillator']);
  });

  it('remembers the mute: a new page starts muted, makes no context on a gesture and plays nothing', () => {
    const first = setUp();
    first.page.fire('keydown');
    first.engine.setMuted(true);
    expect(first.storage.data.get(MUTED_KEY)).toBe('true');

    FakeContext.made = [];
    const again = createSoundEngine({ ...first.env, document: fakePage() as unknown as Document });
    expect(again.muted()).toBe(true);
    again.unlock();
    again.noise({ at: 0, length: 0.1, volume: 0.2, frequency: 900 });
    expect(FakeContext.made).toHaveLength(0);

    again.setMuted(false);
    expect(first.storage.data.get(MUTED_KEY)).toBe('false');
    again.noise({ at: 0, length: 0.1, volume: 0.2, frequency: 900 });
    expect(FakeContext.made[0]!.started.map((start) => start.kind)).toEqual(['buffer']);
  });

  it("carries the slot's old mute over to the shared key and drops the old one", () => {
    const storage = memoryStorage({ [OLD_SLOT_MUTED_KEY]: 'true' });
    expect(readPreferences(storage)).toEqual({ muted: true, music: true });
    expect(storage.data.get(MUTED_KEY)).toBe('true');
    expect(storage.data.has(OLD_SLOT_MUTED_KEY)).toBe(false);
    // A choice already made on the shared key wins over a stale old one.
    const both = memoryStorage({ [OLD_SLOT_MUTED_KEY]: 'true', [MUTED_KEY]: 'false' });
    expect(readPreferences(both).muted).toBe(false);
    expect(both.data.has(OLD_SLOT_MUTED_KEY)).toBe(false);
  });

  it('remembers music off apart from the mute', () => {
    const { engine, storage, env } = setUp();
    engine.setMusicOn(false);
    expect(storage.data.get(MUSIC_KEY)).toBe('false');
    const again = createSoundEngine({ ...env, document: fakePage() as unknown as Document });
    expect(again.musicOn()).toBe(false);
    expect(again.muted()).toBe(false);
  });

  it('starts the music after the first gesture, books its notes ahead on the audio clock, and stops it when muted', () => {
    const { engine, page, ctx } = setUp();
    engine.playMusic(FLAVOURS.lounge);
    expect(engine.musicPlaying()).toBeNull();
    page.fire('pointerdown');
    expect(engine.musicPlaying()).toBe('lounge');
    const audio = ctx()!;
    page.advance(2000, audio);
    const booked = audio.started.filter((start) => start.kind === 'oscillator');
    expect(booked.length).toBeGreaterThan(5);
    // Every note was booked before it sounds, never more than the look-ahead (plus a wake) early.
    for (const start of booked) expect(start.at).toBeLessThanOrEqual(2 + LOOK_AHEAD + WAKE_MS / 1000);

    engine.setMuted(true);
    expect(engine.musicPlaying()).toBeNull();
    const count = audio.started.length;
    page.advance(3000, audio);
    expect(audio.started.length).toBe(count);
  });

  it('keeps time when the timer wakes late: steps stay on the beat grid', () => {
    const { engine, page, ctx } = setUp();
    engine.playMusic(FLAVOURS.arcade);
    page.fire('pointerdown');
    const audio = ctx()!;
    page.advance(1000, audio);
    // The page stalls for 1.5 s: the audio clock runs on while no timer fires.
    audio.currentTime += 1.5;
    const stalledAt = audio.currentTime;
    const beforeStall = audio.started.length;
    page.advance(2000, audio);
    const step = 60 / FLAVOURS.arcade.tempo / 2;
    const times = audio.started.filter((start) => start.kind === 'oscillator').map((start) => start.at);
    const first = times[0]!;
    for (const at of times) {
      const steps = (at - first) / step;
      expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
    }
    // What fell in the stall is skipped, not crammed into the past.
    for (const start of audio.started.slice(beforeStall)) expect(start.at).toBeGreaterThanOrEqual(stalledAt - 1e-9);
  });

  it('stops the music while the tab is hidden and starts it again in view', () => {
    const { engine, page } = setUp();
    engine.playMusic(FLAVOURS.lounge);
    page.fire('pointerdown');
    page.visibilityState = 'hidden';
    page.fire('visibilitychange');
    expect(engine.musicPlaying()).toBeNull();
    page.visibilityState = 'visible';
    page.fire('visibilitychange');
    expect(engine.musicPlaying()).toBe('lounge');
  });

  it('plays music into its own bus and effects into theirs; music off leaves the effects', () => {
    const { engine, page, ctx } = setUp();
    engine.playMusic(FLAVOURS.night);
    page.fire('pointerdown');
    const audio = ctx()!;
    page.advance(500, audio);
    engine.setMusicOn(false);
    expect(engine.musicPlaying()).toBeNull();
    const before = audio.started.length;
    engine.tone({ frequency: 660, at: 0, length: 0.2, type: 'triangle', volume: 0.1 });
    page.advance(1000, audio);
    expect(audio.started.length).toBe(before + 1);
    // The effect and the music notes reach the speakers by different gains under the master.
    const effect = audio.started.at(-1)!.node;
    const note = audio.started[0]!.node;
    expect(reaches(effect, audio.destination)).toBe(true);
    const busOf = (node: Node): Node | undefined => {
      let at: Node | undefined = node;
      while (at && !at.outputs.some((next) => next.outputs.includes(audio.destination))) at = at.outputs[0];
      return at;
    };
    expect(busOf(effect)).not.toBe(busOf(note));
  });
});
