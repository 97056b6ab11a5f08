/**
 * The table games' sound effects, made of the engine's two voices: chips, the roulette ball, cards,
 * Plinko's pegs and Mines' tiles. Times are seconds on the audio clock from now, so a cue booked at
 * the start of an animation lands with it (the pegs one by one, the ball's drop) without a timer.
 * A win's chime is only asked for when the win is presented (under GB rules not for a win at or below
 * the stake); it ducks the music under it.
 */

import type { SoundEngine } from './engine';

const NOTES = [523.25, 659.25, 783.99, 1046.5, 1318.5, 1567.98];

export function tableCues(engine: SoundEngine) {
  const chime = (count: number, at = 0) => {
    engine.duck(1.2 + count * 0.1);
    for (let i = 0; i < count; i++)
      engine.tone({ frequency: NOTES[i % NOTES.length]! * (i >= NOTES.length ? 2 : 1), at: at + i * 0.09, length: 0.4, type: 'triangle', volume: 0.14 });
  };
  const click = (at: number, frequency: number, volume: number) => {
    engine.noise({ at, length: 0.03, volume, frequency, filter: 'highpass' });
    engine.tone({ frequency: frequency / 2, at, length: 0.05, type: 'sine', volume: volume * 0.4 });
  };

  return {
    /** A chip set down on the layout or the stake. */
    chip(at = 0) {
      engine.noise({ at, length: 0.05, volume: 0.35, frequency: 3200, filter: 'bandpass' });
      engine.tone({ frequency: 2100, at, length: 0.06, type: 'sine', volume: 0.05, slideTo: 1700 });
      engine.noise({ at: at + 0.045, length: 0.03, volume: 0.2, frequency: 2600, filter: 'bandpass' });
    },
    /** The ball running round the track for `runFor` seconds, then clattering over the frets into its pocket at `restAt`. */
    ball(runFor: number, restAt: number) {
      // The roll: low noise whose pitch falls as the ball slows (none when the ball is placed at once).
      if (runFor > 0) engine.noise({ at: 0, length: runFor, volume: 0.22, frequency: 1400, sweepTo: 500, filter: 'bandpass' });
      // The drop: a few bounces, closer together, then the pocket.
      const bounces = 5;
      for (let i = 0; i < bounces; i++) {
        const at = runFor + (restAt - runFor) * 0.7 * (1 - (1 - i / bounces) ** 1.6);
        click(at, 2400 - i * 200, 0.3 - i * 0.04);
      }
      engine.tone({ frequency: 420, at: restAt - 0.02, length: 0.12, type: 'triangle', volume: 0.12, slideTo: 300 });
    },
    /** A number drawn (the live table): a soft two-note bell. */
    result() {
      engine.tone({ frequency: 784, at: 0, length: 0.5, type: 'sine', volume: 0.09 });
      engine.tone({ frequency: 1175, at: 0.12, length: 0.6, type: 'sine', volume: 0.07 });
    },
    /** A presented win: a rising chime, longer for a bigger win (`size` 1…3). */
    win(size = 1) {
      chime(2 + Math.min(3, Math.max(1, size)) * 2);
    },
    /** A card slid out of the shoe. */
    cardDealt(at = 0) {
      engine.noise({ at, length: 0.12, volume: 0.28, frequency: 5000, sweepTo: 1800, filter: 'bandpass' });
    },
    /** A card turned over. */
    cardTurned(at = 0) {
      engine.noise({ at, length: 0.06, volume: 0.3, frequency: 2800, filter: 'highpass' });
      engine.tone({ frequency: 900, at, length: 0.05, type: 'triangle', volume: 0.05 });
    },
    /** A hand that neither wins nor loses. */
    push() {
      engine.tone({ frequency: 587.33, at: 0, length: 0.3, type: 'triangle', volume: 0.09 });
      engine.tone({ frequency: 587.33, at: 0.16, length: 0.3, type: 'triangle', volume: 0.07 });
    },
    /** A hand gone over 21, or a round lost: a soft falling tone, never harsh. */
    lose() {
      engine.tone({ frequency: 392, at: 0, length: 0.45, type: 'triangle', volume: 0.09, slideTo: 262 });
    },
    /** Plinko: the ball striking each peg, `hop` seconds apart, then its landing in the slot. */
    pegs(count: number, hop: number) {
      for (let i = 1; i <= count; i++) {
        // A little higher and quieter as it falls, so the run sounds like a descent.
        engine.tone({ frequency: 1500 + ((i * 7) % 5) * 90, at: i * hop, length: 0.05, type: 'sine', volume: 0.06 });
        engine.noise({ at: i * hop, length: 0.02, volume: 0.12, frequency: 4200, filter: 'highpass' });
      }
      engine.tone({ frequency: 220, at: (count + 1) * hop, length: 0.18, type: 'sine', volume: 0.2, slideTo: 140 });
      engine.noise({ at: (count + 1) * hop, length: 0.08, volume: 0.25, frequency: 600 });
    },
    /** Mines: a tile lifted. */
    reveal() {
      click(0, 1800, 0.18);
    },
    /** Mines: an emerald under the tile, brighter with every one found. */
    emerald(found: number) {
      const base = 880 * 2 ** (Math.min(found, 12) / 12);
      engine.tone({ frequency: base, at: 0.04, length: 0.35, type: 'sine', volume: 0.1 });
      engine.tone({ frequency: base * 1.5, at: 0.1, length: 0.4, type: 'triangle', volume: 0.06 });
    },
    /** Mines: the mine goes off, a muffled boom, not a jump scare. */
    mine() {
      engine.noise({ at: 0, length: 0.9, volume: 0.5, frequency: 1800, sweepTo: 90, filter: 'lowpass' });
      engine.tone({ frequency: 110, at: 0, length: 0.7, type: 'sine', volume: 0.3, slideTo: 40 });
    },
    /** Mines: cashing out, coins into the tray. */
    cashOut() {
      for (let i = 0; i < 6; i++) engine.tone({ frequency: 1900 + (i % 3) * 350, at: i * 0.06, length: 0.14, type: 'triangle', volume: 0.1 });
    },
  };
}

export type TableCues = ReturnType<typeof tableCues>;
