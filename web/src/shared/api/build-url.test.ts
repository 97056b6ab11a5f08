import { describe, expect, it } from 'vitest';
import { buildUrl } from './build-url';

describe('buildUrl', () => {
  it('BOOT-19 leaves out query parameters whose value is null, undefined or empty', () => {
    expect(buildUrl('/ps/getBalance', { currency: 'EUR', page: null, size: undefined, search: '' })).toBe('/ps/getBalance?currency=EUR');
  });

  it('BOOT-19 keeps falsy but meaningful values such as 0 and false', () => {
    expect(buildUrl('/cms/game', { page: 0, embed: false })).toBe('/cms/game?page=0&embed=false');
  });

  it('adds to a query already present in the address', () => {
    expect(buildUrl('/cms/game?per_page=100', { lang: 'mk' })).toBe('/cms/game?per_page=100&lang=mk');
  });

  it('returns the address unchanged when no parameter is left', () => {
    expect(buildUrl('/ps/ping', { a: '' })).toBe('/ps/ping');
  });
});
