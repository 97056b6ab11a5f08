/**
 * The slot's sound effects, on the game client's shared sound engine (`../../sound/engine.ts`): the
 * whirr of a spin, the thud of a reel stopping, the rising tick of anticipation, chimes for a win
 * scaled to its size and a fanfare for free spins, and background music in the flavour of the
 * title's theme. The engine makes the audio context on the first user gesture and remembers the
 * mute for every game.
 */

import { soundEngine, type SoundEngine } from '../../sound/engine';
import { FLAVOURS, type MusicFlavour } from '../../sound/music';
import { themeOf, type SlotTheme } from './themes';

export interface SlotSound {
  muted(): boolean;
  setMuted(muted: boolean): void;
  /** Call from a user gesture (the Spin click): creates or resumes the audio context. */
  unlock(): void;
  spinStart(): void;
  reelStop(reel: number): void;
  anticipation(): void;
  win(tier: number): void;
  freeSpins(): void;
}

/** The music of a theme, by the hue of its accent: greens the house's, blues and violets night, reds and ambers warm. */
export function slotFlavour(theme: SlotTheme | undefined): MusicFlavour {
  if (!theme) return FLAVOURS.emerald;
  const [r, g, b] = [(theme.accent >> 16) & 0xff, (theme.accent >> 8) & 0xff, theme.accent & 0xff];
  if (g >= r && g >= b) return FLAVOURS.emerald;
  if (b >= r) return FLAVOURS.night;
  if (g > 0xc0) return FLAVOURS.bright;
  return FLAVOURS.warm;
}

/** The theme of the title this page plays (the client is served at /gs/play/:gameId). */
function pageTheme(): SlotTheme | undefined {
  const gameId = /\/play\/([^/]+)/.exec(window.location.pathname)?.[1];
  return gameId ? themeOf(decodeURIComponent(gameId)) : undefined;
}

export function createSlotSound(theme: SlotTheme | undefined = pageTheme(), engine: SoundEngine = soundEngine()): SlotSound {
  const tone = (frequency: number, at: number, length: number, type: OscillatorType, volume: number, slideTo?: number) =>
    engine.tone({ frequency, at, length, type, volume, slideTo });
  const noise = (at: number, length: number, volume: number, frequency: number) => engine.noise({ at, length, volume, frequency });
  engine.playMusic(slotFlavour(theme));

  return {
    muted: () => engine.muted(),
    setMuted: (muted) => engine.setMuted(muted),
    unlock: () => engine.unlock(),
    spinStart() {
      noise(0, 0.35, 0.25, 900);
      tone(220, 0, 0.3, 'triangle', 0.12, 440);
    },
    reelStop(reel) {
      noise(0, 0.08, 0.5, 260);
      tone(140 - reel * 6, 0, 0.12, 'sine', 0.35, 70);
    },
    anticipation() {
      for (let i = 0; i < 8; i++) tone(440 + i * 60, i * 0.12, 0.1, 'square', 0.05);
    },
    win(tier) {
      engine.duck(tier >= 2 ? 3 : 1.5);
      const notes = [523, 659, 784, 1047, 1319, 1568];
      const count = Math.min(notes.length, 2 + tier * 2);
      for (let i = 0; i < count; i++) tone(notes[i]!, i * 0.09, 0.35, 'triangle', 0.16);
      if (tier >= 2) for (let i = 0; i < 6; i++) tone(notes[(i % 3) + 3]!, 0.6 + i * 0.11, 0.25, 'sine', 0.1);
    },
    freeSpins() {
      engine.duck(2);
      [392, 523, 659, 784, 1047].forEach((note, i) => tone(note, i * 0.12, 0.5, 'sawtooth', 0.07));
      tone(1047, 0.7, 0.9, 'triangle', 0.14);
    },
  };
}
