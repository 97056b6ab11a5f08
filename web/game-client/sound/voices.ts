/**
 * The two voices every sound of the game client is made of, synthesised with the Web Audio API (no
 * audio files to download): an enveloped oscillator note and a burst of filtered noise. The effects
 * and the music play the same voices into different buses (`engine.ts`).
 */

export interface ToneSpec {
  frequency: number;
  /** Seconds from `now` (the audio clock). */
  at: number;
  /** Seconds, attack to silence. */
  length: number;
  type: OscillatorType;
  /** Peak gain. */
  volume: number;
  /** A slide to this frequency over the note. */
  slideTo?: number;
  /** Seconds to reach the peak: short for a pluck, long for a pad. */
  attack?: number;
}

export interface NoiseSpec {
  at: number;
  length: number;
  volume: number;
  /** The filter's centre (band-pass) or corner (low/high-pass), Hz. */
  frequency: number;
  filter?: BiquadFilterType;
  /** A sweep of the filter to this frequency over the burst (a rumble dying away). */
  sweepTo?: number;
}

/** Silence for an exponential ramp, which cannot reach zero. */
const FLOOR = 0.0001;

/** One enveloped oscillator note into `out`, starting `spec.at` seconds after `now`. */
export function playTone(ctx: BaseAudioContext, out: AudioNode, now: number, spec: ToneSpec): void {
  const start = now + spec.at;
  const attack = Math.min(spec.attack ?? 0.01, spec.length / 2);
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = spec.type;
  osc.frequency.setValueAtTime(spec.frequency, start);
  if (spec.slideTo) osc.frequency.exponentialRampToValueAtTime(spec.slideTo, start + spec.length);
  gain.gain.setValueAtTime(FLOOR, start);
  gain.gain.exponentialRampToValueAtTime(Math.max(FLOOR, spec.volume), start + attack);
  gain.gain.exponentialRampToValueAtTime(FLOOR, start + spec.length);
  osc.connect(gain).connect(out);
  osc.start(start);
  osc.stop(start + spec.length + 0.02);
}

/** Noise buffers by length: made once per context, as filling one costs a loop over every sample. */
const noiseBuffers = new WeakMap<BaseAudioContext, Map<number, AudioBuffer>>();

function noiseBuffer(ctx: BaseAudioContext, length: number): AudioBuffer {
  let byLength = noiseBuffers.get(ctx);
  if (!byLength) noiseBuffers.set(ctx, (byLength = new Map()));
  // Rounded to 10 ms so a handful of buffers serves every burst.
  const key = Math.max(1, Math.round(length * 100));
  let buffer = byLength.get(key);
  if (!buffer) {
    buffer = ctx.createBuffer(1, Math.max(1, Math.floor((ctx.sampleRate * key) / 100)), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
    byLength.set(key, buffer);
  }
  return buffer;
}

/** A burst of filtered noise (a chip's clack, a card's swish, a ball on the track) into `out`. */
export function playNoise(ctx: BaseAudioContext, out: AudioNode, now: number, spec: NoiseSpec): void {
  const start = now + spec.at;
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx, spec.length);
  const filter = ctx.createBiquadFilter();
  filter.type = spec.filter ?? 'bandpass';
  filter.frequency.setValueAtTime(spec.frequency, start);
  if (spec.sweepTo) filter.frequency.exponentialRampToValueAtTime(spec.sweepTo, start + spec.length);
  const gain = ctx.createGain();
  gain.gain.value = spec.volume;
  source.connect(filter).connect(gain).connect(out);
  source.start(start);
}
