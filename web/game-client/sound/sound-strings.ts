/**
 * What the games' sound controls say, in English and Macedonian; `{name}` marks a value. Kept with
 * the sound engine so the controls have one owner. No DOM here.
 */
import type { GameLanguage } from '../strings';

export const soundEn = {
  'snd.controls': 'Sound and music',
  'snd.sound': 'Sound',
  'snd.soundOn': 'Sound is on',
  'snd.soundOff': 'Sound is off',
  'snd.music': 'Music',
  'snd.musicOn': 'Music is on',
  'snd.musicOff': 'Music is off',
} as const;

export type SoundKey = keyof typeof soundEn;

export const soundMk: Record<SoundKey, string> = {
  'snd.controls': 'Звук и музика',
  'snd.sound': 'Звук',
  'snd.soundOn': 'Звукот е вклучен',
  'snd.soundOff': 'Звукот е исклучен',
  'snd.music': 'Музика',
  'snd.musicOn': 'Музиката е вклучена',
  'snd.musicOff': 'Музиката е исклучена',
};

export type SoundTranslate = (key: SoundKey) => string;

export const soundTranslator = (language: GameLanguage): SoundTranslate => {
  const catalogue = language === 'mk' ? soundMk : soundEn;
  return (key) => catalogue[key];
};
