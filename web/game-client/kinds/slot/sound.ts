/**
 * The slot's sound effects, synthesised with the Web Audio API (no audio files): the whirr of a
 * spin, the thud of a reel stopping, the rising tick of anticipation, chimes for a win scaled to its
 * size and a fanfare for free spins. The audio context is made on the first user gesture only, as
 * browsers require; whether sound is muted is remembered in localStorage.
 */

const MUTE_KEY = 'emerald.slot.muted';

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

function storedMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function createSlotSound(): SlotSound {
  let muted = storedMuted();
  let audio: AudioContext | null = null;
  let master: GainNode | null = null;

  const ready = (): { ctx: AudioContext; out: GainNode } | null => (audio && master && !muted && audio.state === 'running' ? { ctx: audio, out: master } : null);

  /** One enveloped oscillator note. */
  function tone(frequency: number, at: number, length: number, type: OscillatorType, volume: number, slideTo?: number): void {
    const sound = ready();
    if (!sound) return;
    const { ctx, out } = sound;
    const start = ctx.currentTime + at;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, start);
    if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, start + length);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(out);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }

  /** A burst of filtered noise (the mechanical part of a reel). */
  function noise(at: number, length: number, volume: number, frequency: number): void {
    const sound = ready();
    if (!sound) return;
    const { ctx, out } = sound;
    const start = ctx.currentTime + at;
    const buffer = ctx.createBuffer(1, Math.max(1, Math.floor(ctx.sampleRate * length)), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = frequency;
    const gain = ctx.createGain();
    gain.gain.value = volume;
    source.connect(filter).connect(gain).connect(out);
    source.start(start);
  }

  return {
    muted: () => muted,
    setMuted(next) {
      muted = next;
      try {
        window.localStorage.setItem(MUTE_KEY, String(next));
      } catch {
        // storage refused (private mode): the choice lasts for this page
      }
      if (!next) this.unlock();
    },
    unlock() {
      if (muted) return;
      const Context = window.AudioContext as typeof AudioContext | undefined;
      if (!Context) return;
      if (!audio) {
        audio = new Context();
        master = audio.createGain();
        master.gain.value = 0.5;
        master.connect(audio.destination);
      }
      if (audio.state === 'suspended') void audio.resume();
    },
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
      const notes = [523, 659, 784, 1047, 1319, 1568];
      const count = Math.min(notes.length, 2 + tier * 2);
      for (let i = 0; i < count; i++) tone(notes[i]!, i * 0.09, 0.35, 'triangle', 0.16);
      if (tier >= 2) for (let i = 0; i < 6; i++) tone(notes[(i % 3) + 3]!, 0.6 + i * 0.11, 0.25, 'sine', 0.1);
    },
    freeSpins() {
      [392, 523, 659, 784, 1047].forEach((note, i) => tone(note, i * 0.12, 0.5, 'sawtooth', 0.07));
      tone(1047, 0.7, 0.9, 'triangle', 0.14);
    },
  };
}
