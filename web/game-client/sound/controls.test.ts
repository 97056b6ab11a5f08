// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { soundControls } from './controls';
import { createSoundEngine, MUSIC_KEY, MUTED_KEY } from './engine';

/**
 * The table games' sound and music toggles as the player's assistive technology reads them: their
 * names, the group's name, the state announced by aria-pressed and the tooltip, in English and
 * Macedonian (moved down from the browser file game-sound.test.ts, which keeps the toggles' look on
 * a 390 px phone and what the page actually plays). No audio context: the engine is given none, as
 * a browser without Web Audio has it.
 */

function controls(language: 'en' | 'mk', stored: Record<string, string> = {}) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  const engine = createSoundEngine({ storage: window.localStorage, timers: { set: () => undefined, clear: () => undefined } });
  const group = soundControls(engine, language);
  document.body.replaceChildren(group);
  const byTestId = (id: string) => group.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!;
  return { engine, group, sound: byTestId('gc-mute'), music: byTestId('gc-music') };
}

describe('the game client sound toggles', () => {
  it('are named Sound and Music in a group named "Sound and music", both on at first, in English', () => {
    const { group, sound, music } = controls('en');
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('aria-label')).toBe('Sound and music');
    expect(sound.getAttribute('aria-label')).toBe('Sound');
    expect(music.getAttribute('aria-label')).toBe('Music');
    expect([sound.type, music.type]).toEqual(['button', 'button']);
    expect([sound.getAttribute('aria-pressed'), music.getAttribute('aria-pressed')]).toEqual(['true', 'true']);
    expect([sound.title, music.title]).toEqual(['Sound is on', 'Music is on']);
  });

  it('speak Macedonian: Звук, Музика, the group Звук и музика, and Музиката е исклучена once music is off', () => {
    const { group, sound, music } = controls('mk');
    expect(group.getAttribute('aria-label')).toBe('Звук и музика');
    expect(sound.getAttribute('aria-label')).toBe('Звук');
    expect(music.getAttribute('aria-label')).toBe('Музика');
    music.click();
    expect(music.getAttribute('aria-pressed')).toBe('false');
    expect(music.title).toBe('Музиката е исклучена');
    sound.click();
    expect(sound.title).toBe('Звукот е исклучен');
  });

  it('announce each press by aria-pressed and remember it; music under a muted sound is dimmed, not off', () => {
    const { sound, music } = controls('en');
    music.click();
    expect(music.getAttribute('aria-pressed')).toBe('false');
    expect(music.title).toBe('Music is off');
    expect(music.dataset.state).toBe('off');
    expect(window.localStorage.getItem(MUSIC_KEY)).toBe('false');
    music.click();
    sound.click();
    expect(sound.getAttribute('aria-pressed')).toBe('false');
    expect(sound.title).toBe('Sound is off');
    expect(window.localStorage.getItem(MUTED_KEY)).toBe('true');
    // Music keeps its own choice under the sound button: on, but silenced.
    expect(music.getAttribute('aria-pressed')).toBe('true');
    expect(music.dataset.state).toBe('silenced');
  });

  it('open in the remembered state: a player who muted the sound finds it off in the next game', () => {
    const { sound, music } = controls('en', { [MUTED_KEY]: 'true', [MUSIC_KEY]: 'false' });
    expect([sound.getAttribute('aria-pressed'), music.getAttribute('aria-pressed')]).toEqual(['false', 'false']);
    expect(music.dataset.state).toBe('off');
  });
});
