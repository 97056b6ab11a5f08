import { describe, expect, it } from 'vitest';
import { candidateBases } from './candidate-bases';

describe('candidateBases', () => {
  it('NS-10 defaults to the same-origin base when the build names no fallbacks', () => {
    expect(candidateBases([], undefined, '/cms')).toEqual(['/cms']);
    expect(candidateBases([], ' , ', '/cms')).toEqual(['/cms']);
  });

  it('NS-10 BOOT-03 uses the build-time list, in order, instead of the default', () => {
    expect(candidateBases([], 'https://cms-a.example.com/cms, /cms', '/cms')).toEqual(['https://cms-a.example.com/cms', '/cms']);
  });

  it('BOOT-02 tries the configured address first, then the fallbacks, without duplicates or trailing slashes', () => {
    expect(candidateBases(['https://ps.example.com/ps/'], '/ps,https://ps.example.com/ps', '/ps')).toEqual(['https://ps.example.com/ps', '/ps']);
  });

  it('ignores an empty configured address', () => {
    expect(candidateBases(['', undefined], undefined, '/ps')).toEqual(['/ps']);
  });
});
