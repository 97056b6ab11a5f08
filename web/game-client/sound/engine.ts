/**
 * The game client's sound: one audio context per page, made on the player's first gesture (browsers
 * allow no sound before one), a master gain with two buses under it, the effects and the music, and
 * the player's choices remembered in localStorage for every game: "Sound" (off silences everything)
 * and "Music" (the background loop alone). The music plays once the page has had a gesture, while
 * sound and music are on and the tab is in view; it is ducked under a win's presentation.
 */

import { startMusic, type MusicFlavour, type MusicPlayer, type Timers } from './music';
import { playNoise, playTone, type NoiseSpec, type ToneSpec } from './voices';

/** The remembered choices, shared by every game of the client. */
export const MUTED_KEY = 'emerald.sound.muted';
export const MUSIC_KEY = 'emerald.sound.music';
/** Where the slot kept its mute before the games shared one. */
export const OLD_SLOT_MUTED_KEY = 'emerald.slot.muted';

const MASTER = 0.5;
const EFFECTS = 1;
/** The music sits well under the effects: it is background. */
const MUSIC = 0.55;
const DUCKED = 0.08;

export type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SoundPreferences {
  muted: boolean;
  music: boolean;
}

/**
 * The remembered choices; a mute saved by the slot before the games shared one is carried over to
 * the shared key (and the old key dropped), so a player who muted a slot finds every game muted.
 */
export function readPreferences(storage: Storage | null): SoundPreferences {
  if (!storage) return { muted: false, music: true };
  try {
    let muted = storage.getItem(MUTED_KEY);
    const old = storage.getItem(OLD_SLOT_MUTED_KEY);
    if (old !== null) {
      if (muted === null) {
        muted = old;
        storage.setItem(MUTED_KEY, old);
      }
      storage.removeItem(OLD_SLOT_MUTED_KEY);
    }
    return { muted: muted === 'true', music: storage.getItem(MUSIC_KEY) !== 'false' };
  } catch {
    return { muted: false, music: true };
  }
}

export interface SoundEnvironment {
  storage: Storage | null;
  /** The browser's AudioContext; absent where there is none (sound is then silently off). */
  AudioContext?: new () => AudioContext;
  /** The page, for the gesture that unlocks sound and whether the tab is in view. */
  document?: Pick<Document, 'addEventListener' | 'visibilityState'>;
  timers: Timers;
}

export interface SoundEngine {
  muted(): boolean;
  setMuted(muted: boolean): void;
  musicOn(): boolean;
  setMusicOn(on: boolean): void;
  /** Called on every change of the choices (a second control on the page keeps in step). */
  subscribe(listener: () => void): () => void;
  /** From a user gesture: makes or resumes the audio context (nothing while muted). */
  unlock(): void;
  /** Whether effects play now (the context exists and sound is on). */
  audible(): boolean;
  tone(spec: ToneSpec): void;
  noise(spec: NoiseSpec): void;
  /** The game's background music; it starts when it may (after a gesture, sound and music on, tab in view). */
  playMusic(flavour: MusicFlavour): void;
  /** The flavour playing now, or null when no music plays. */
  musicPlaying(): string | null;
  /** Lowers the music for `seconds` (a win's presentation), then brings it back. */
  duck(seconds: number): void;
}

export function createSoundEngine(env: SoundEnvironment): SoundEngine {
  let { muted, music } = readPreferences(env.storage);
  let audio: AudioContext | null = null;
  let master: GainNode | null = null;
  let effectsBus: GainNode | null = null;
  let musicBus: GainNode | null = null;
  let flavour: MusicFlavour | null = null;
  let player: { flavour: MusicFlavour; music: MusicPlayer } | null = null;
  const listeners = new Set<() => void>();

  const save = (key: string, value: boolean) => {
    try {
      env.storage?.setItem(key, String(value));
    } catch {
      // storage refused (private mode): the choice lasts for this page
    }
  };
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const visible = () => (env.document ? env.document.visibilityState !== 'hidden' : true);

  /** Starts or stops the music to match what is wanted now. */
  const syncMusic = () => {
    const wanted = audio && musicBus && audio.state !== 'closed' && !muted && music && visible() && flavour ? flavour : null;
    if (player && player.flavour !== wanted) {
      player.music.stop();
      player = null;
    }
    if (wanted && !player && audio && musicBus) player = { flavour: wanted, music: startMusic(audio, musicBus, wanted, env.timers) };
  };

  const engine: SoundEngine = {
    muted: () => muted,
    setMuted(next) {
      muted = next;
      save(MUTED_KEY, next);
      if (master && audio) master.gain.setTargetAtTime(next ? 0 : MASTER, audio.currentTime, 0.02);
      if (!next) engine.unlock();
      syncMusic();
      changed();
    },
    musicOn: () => music,
    setMusicOn(next) {
      music = next;
      save(MUSIC_KEY, next);
      if (next) engine.unlock();
      syncMusic();
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    unlock() {
      if (muted || !env.AudioContext) return;
      if (!audio) {
        audio = new env.AudioContext();
        master = audio.createGain();
        master.gain.value = MASTER;
        master.connect(audio.destination);
        effectsBus = audio.createGain();
        effectsBus.gain.value = EFFECTS;
        effectsBus.connect(master);
        musicBus = audio.createGain();
        musicBus.gain.value = MUSIC;
        musicBus.connect(master);
      }
      if (audio.state === 'suspended') void audio.resume().then(syncMusic, () => undefined);
      syncMusic();
    },
    audible: () => Boolean(audio && effectsBus && !muted && audio.state !== 'closed'),
    tone(spec) {
      if (engine.audible()) playTone(audio!, effectsBus!, audio!.currentTime, spec);
    },
    noise(spec) {
      if (engine.audible()) playNoise(audio!, effectsBus!, audio!.currentTime, spec);
    },
    playMusic(next) {
      flavour = next;
      syncMusic();
    },
    musicPlaying: () => player?.flavour.name ?? null,
    duck(seconds) {
      if (!audio || !musicBus) return;
      const now = audio.currentTime;
      const gain = musicBus.gain;
      gain.cancelScheduledValues(now);
      gain.setTargetAtTime(DUCKED, now, 0.08);
      gain.setTargetAtTime(MUSIC, now + seconds, 0.6);
    },
  };

  if (env.document) {
    // The first press or key anywhere on the page is the gesture that lets it make sound.
    const gesture = () => engine.unlock();
    env.document.addEventListener('pointerdown', gesture, { capture: true });
    env.document.addEventListener('keydown', gesture, { capture: true });
    // Out of view the music stops (it would play to nobody); back in view it starts again.
    env.document.addEventListener('visibilitychange', syncMusic);
  }
  return engine;
}

let pageEngine: SoundEngine | null = null;

/** The page's one sound engine, shared by the game and its controls. */
export function soundEngine(): SoundEngine {
  if (!pageEngine) {
    let storage: Storage | null = null;
    try {
      storage = window.localStorage;
    } catch {
      // storage refused: choices last for this page
    }
    pageEngine = createSoundEngine({
      storage,
      AudioContext: window.AudioContext as (new () => AudioContext) | undefined,
      document,
      timers: { set: (callback, ms) => window.setTimeout(callback, ms), clear: (handle) => window.clearTimeout(handle as number) },
    });
  }
  return pageEngine;
}
