/**
 * The background music: a gentle loop synthesised on the audio clock. A look-ahead scheduler wakes
 * every `WAKE_MS` and books every step that falls within the next `LOOK_AHEAD` seconds at its exact
 * audio time, so the music keeps time however late the timer fires (a timer alone drifts, and
 * stalls in a busy frame). Each game has a flavour: its key, mode, tempo and instruments.
 */

import { playTone } from './voices';

export interface MusicFlavour {
  /** Names the flavour (it is the page's `data-music`). */
  name: string;
  /** Beats a minute; a step is an eighth note. */
  tempo: number;
  /** MIDI note of the key's root, in the bass octave. */
  root: number;
  /** The scale's semitones above the root. */
  scale: readonly number[];
  /** One chord a bar, as the scale degree of its root (0-based); the loop is this many bars long. */
  progression: readonly number[];
  /** The sustained chord's and the arpeggio's oscillators. */
  pad: OscillatorType;
  lead: OscillatorType;
}

const MAJOR_PENTATONIC = [0, 2, 4, 7, 9];
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const DORIAN = [0, 2, 3, 5, 7, 9, 10];

/** The flavours: calm lounge for the card and wheel tables, brighter for Plinko and Mines, and the slots' by theme. */
export const FLAVOURS = {
  lounge: { name: 'lounge', tempo: 76, root: 45, scale: MAJOR, progression: [0, 5, 1, 4], pad: 'sine', lead: 'triangle' },
  arcade: { name: 'arcade', tempo: 92, root: 48, scale: MAJOR_PENTATONIC, progression: [0, 3, 4, 2], pad: 'triangle', lead: 'sine' },
  emerald: { name: 'emerald', tempo: 84, root: 43, scale: MAJOR, progression: [0, 3, 4, 3], pad: 'triangle', lead: 'triangle' },
  night: { name: 'night', tempo: 68, root: 45, scale: MINOR, progression: [0, 5, 2, 6], pad: 'sine', lead: 'sine' },
  warm: { name: 'warm', tempo: 80, root: 40, scale: DORIAN, progression: [0, 3, 0, 6], pad: 'sawtooth', lead: 'triangle' },
  bright: { name: 'bright', tempo: 96, root: 48, scale: MAJOR_PENTATONIC, progression: [0, 2, 3, 1], pad: 'triangle', lead: 'square' },
} satisfies Record<string, MusicFlavour>;

/** How far ahead steps are booked, seconds; and how often the scheduler wakes, ms. */
export const LOOK_AHEAD = 0.3;
export const WAKE_MS = 60;
const STEPS_A_BAR = 8;
/** The arpeggio's pattern over a bar: which chord tone each eighth plays (-1 rests). */
const ARPEGGIO = [0, -1, 1, 2, -1, 1, 3, -1];
/** The second half of the loop answers the first with a sparser pattern. */
const ANSWER = [-1, 2, -1, 1, 0, -1, 2, -1];

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** The note of scale degree `degree` (any integer: it wraps into octaves) above `root`. */
export function degreeNote(flavour: MusicFlavour, degree: number): number {
  const size = flavour.scale.length;
  const octave = Math.floor(degree / size);
  return flavour.root + 12 * octave + flavour.scale[((degree % size) + size) % size]!;
}

/** What one step of the loop plays: the chord and bass on the bar's first step, the arpeggio after. */
export function notesOfStep(flavour: MusicFlavour, step: number): { midi: number; part: 'bass' | 'pad' | 'lead' }[] {
  const bars = flavour.progression.length;
  const bar = Math.floor(step / STEPS_A_BAR) % (bars * 2);
  const within = step % STEPS_A_BAR;
  const chordRoot = flavour.progression[bar % bars]!;
  // Triads on the scale (root, third, fifth), a seventh on top for the arpeggio.
  const chord = [0, 2, 4, 6].map((third) => chordRoot + third);
  const notes: { midi: number; part: 'bass' | 'pad' | 'lead' }[] = [];
  if (within === 0) {
    notes.push({ midi: degreeNote(flavour, chordRoot), part: 'bass' });
    for (const degree of chord.slice(0, 3)) notes.push({ midi: degreeNote(flavour, degree) + 12, part: 'pad' });
  }
  const pattern = bar >= bars ? ANSWER : ARPEGGIO;
  const tone = pattern[within]!;
  if (tone >= 0) notes.push({ midi: degreeNote(flavour, chord[tone]!) + 24, part: 'lead' });
  return notes;
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface MusicPlayer {
  /** Fades the loop out and stops booking steps. */
  stop(): void;
}

/** Starts the loop of `flavour` into `out` at the next step; it plays until stopped. */
export function startMusic(ctx: BaseAudioContext, out: AudioNode, flavour: MusicFlavour, timers: Timers): MusicPlayer {
  // The track's own gain, so a stop fades the steps already booked instead of cutting them.
  const track = ctx.createGain();
  track.gain.setValueAtTime(0.0001, ctx.currentTime);
  track.gain.exponentialRampToValueAtTime(1, ctx.currentTime + 1.5);
  track.connect(out);
  const stepLength = 60 / flavour.tempo / 2;
  let step = 0;
  let nextAt = ctx.currentTime + 0.05;
  let handle: unknown = null;
  let stopped = false;

  const book = (at: number, index: number) => {
    for (const note of notesOfStep(flavour, index)) {
      const offset = at - ctx.currentTime;
      if (note.part === 'bass')
        playTone(ctx, track, ctx.currentTime, {
          frequency: hz(note.midi),
          at: offset,
          length: stepLength * STEPS_A_BAR * 0.9,
          type: 'sine',
          volume: 0.09,
          attack: 0.08,
        });
      else if (note.part === 'pad')
        playTone(ctx, track, ctx.currentTime, {
          frequency: hz(note.midi),
          at: offset,
          length: stepLength * STEPS_A_BAR,
          type: flavour.pad,
          volume: flavour.pad === 'sawtooth' ? 0.012 : 0.03,
          attack: 0.6,
        });
      else
        playTone(ctx, track, ctx.currentTime, {
          frequency: hz(note.midi),
          at: offset,
          length: stepLength * 1.8,
          type: flavour.lead,
          volume: flavour.lead === 'square' ? 0.012 : 0.035,
          attack: 0.015,
        });
    }
  };

  const wake = () => {
    if (stopped) return;
    // A step missed while the page was busy is skipped, not played late in a burst.
    if (nextAt < ctx.currentTime) {
      const behind = Math.ceil((ctx.currentTime - nextAt) / stepLength);
      step += behind;
      nextAt += behind * stepLength;
    }
    while (nextAt < ctx.currentTime + LOOK_AHEAD) {
      book(nextAt, step);
      step++;
      nextAt += stepLength;
    }
    handle = timers.set(wake, WAKE_MS);
  };
  wake();

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      timers.clear(handle);
      const now = ctx.currentTime;
      track.gain.cancelScheduledValues(now);
      track.gain.setValueAtTime(Math.max(0.0001, track.gain.value), now);
      track.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
      // Disconnected once faded, which also silences anything booked past the fade.
      timers.set(() => track.disconnect(), 400);
    },
  };
}
