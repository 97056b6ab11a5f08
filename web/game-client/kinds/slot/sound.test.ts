import { describe, expect, it } from 'vitest';
import type { SoundEngine } from '../../sound/engine';
import { FLAVOURS } from '../../sound/music';
import { createSlotSound, slotFlavour } from './sound';
import { themeOf } from './themes';

/** A stand-in engine that records what the slot asks of it. */
function recordingEngine() {
  const calls: string[] = [];
  let muted = false;
  const engine: SoundEngine = {
    muted: () => muted,
    setMuted: (next) => {
      muted = next;
      calls.push(`muted:${next}`);
    },
    musicOn: () => true,
    setMusicOn: () => undefined,
    subscribe: () => () => undefined,
    unlock: () => void calls.push('unlock'),
    audible: () => !muted,
    tone: (spec) => void calls.push(`tone:${spec.frequency}`),
    noise: (spec) => void calls.push(`noise:${spec.frequency}`),
    playMusic: (flavour) => void calls.push(`music:${flavour.name}`),
    musicPlaying: () => null,
    duck: (seconds) => void calls.push(`duck:${seconds}`),
  };
  return { engine, calls };
}

describe("the slot's sound on the shared engine", () => {
  it("plays the music of the title's theme", () => {
    expect(slotFlavour(themeOf('SR-1001'))).toBe(FLAVOURS.emerald);
    expect(slotFlavour(themeOf('HL-2001'))).toBe(FLAVOURS.night);
    expect(slotFlavour(themeOf('HL-2004'))).toBe(FLAVOURS.warm);
    expect(slotFlavour(themeOf('SR-1004'))).toBe(FLAVOURS.bright);
    const { engine, calls } = recordingEngine();
    createSlotSound(themeOf('HL-2001'), engine);
    expect(calls).toEqual(['music:night']);
  });

  it('mutes through the engine (one mute for every game) and ducks the music under a win', () => {
    const { engine, calls } = recordingEngine();
    const sound = createSlotSound(themeOf('SR-1001'), engine);
    sound.setMuted(true);
    expect(sound.muted()).toBe(true);
    expect(engine.muted()).toBe(true);
    sound.win(2);
    expect(calls).toContain('duck:3');
    expect(calls.filter((call) => call.startsWith('tone:')).length).toBeGreaterThan(6);
  });
});
