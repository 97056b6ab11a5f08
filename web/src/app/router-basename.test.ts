import { describe, expect, it } from 'vitest';
import { routerBasename } from './router-basename';

describe('routerBasename', () => {
  it('BOOT-09 a base href of / gives the root base path', () => {
    expect(routerBasename('https://emerald.example/')).toBe('/');
  });

  it('BOOT-09 a base href under a folder becomes the base path, without its trailing slash', () => {
    expect(routerBasename('https://example.com/emerald/')).toBe('/emerald');
    expect(routerBasename('https://example.com/casino/emerald/')).toBe('/casino/emerald');
  });
});
