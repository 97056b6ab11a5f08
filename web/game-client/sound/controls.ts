/**
 * The table games' sound controls: "Sound" (off silences every effect and the music) and "Music"
 * (the background loop alone), each a toggle button whose state is announced by aria-pressed and
 * which the keyboard reaches in the page's order. Both are the page engine's, so the choices hold in
 * every game and after a reload.
 */

import './sound.css';
import type { GameLanguage } from '../strings';
import type { SoundEngine } from './engine';
import { soundTranslator } from './sound-strings';

function toggle(testId: string, kind: 'sound' | 'music', label: string): HTMLButtonElement {
  const node = document.createElement('button');
  node.type = 'button';
  node.className = `gc-sound__toggle gc-sound__toggle--${kind}`;
  node.dataset.testid = testId;
  node.setAttribute('aria-label', label);
  return node;
}

/** The "Music" toggle alone (the slot's cabinet has its own sound button beside which it can sit). */
export function musicToggle(engine: SoundEngine, language: GameLanguage): HTMLButtonElement {
  const s = soundTranslator(language);
  const music = toggle('gc-music', 'music', s('snd.music'));
  const show = () => {
    const musicOn = engine.musicOn();
    music.setAttribute('aria-pressed', String(musicOn));
    music.title = musicOn ? s('snd.musicOn') : s('snd.musicOff');
    // Music that is on but silenced by the sound button looks dimmed, not off.
    music.dataset.state = musicOn ? (engine.muted() ? 'silenced' : 'on') : 'off';
  };
  music.addEventListener('click', () => engine.setMusicOn(!engine.musicOn()));
  engine.subscribe(show);
  show();
  return music;
}

export function soundControls(engine: SoundEngine, language: GameLanguage): HTMLElement {
  const s = soundTranslator(language);
  const group = document.createElement('div');
  group.className = 'gc-sound';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', s('snd.controls'));
  const sound = toggle('gc-mute', 'sound', s('snd.sound'));
  const show = () => {
    const soundOn = !engine.muted();
    sound.setAttribute('aria-pressed', String(soundOn));
    sound.title = soundOn ? s('snd.soundOn') : s('snd.soundOff');
    sound.dataset.state = soundOn ? 'on' : 'off';
  };
  sound.addEventListener('click', () => engine.setMuted(!engine.muted()));
  engine.subscribe(show);
  show();
  group.append(sound, musicToggle(engine, language));
  return group;
}
