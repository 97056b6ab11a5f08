import { describe, expect, it } from 'vitest';
import { hasAnyAuthority } from './authorities';

describe('hasAnyAuthority', () => {
  it('NAV-27 a route without required authorities opens for any signed-in player', () => {
    expect(hasAnyAuthority([], [])).toBe(true);
  });

  it('DEF-01 NAV-33 ROLE_ADMIN opens /admin; ROLE_USER alone does not', () => {
    expect(hasAnyAuthority(['ROLE_ADMIN'], ['ROLE_ADMIN'])).toBe(true);
    expect(hasAnyAuthority(['ROLE_USER'], ['ROLE_ADMIN'])).toBe(false);
  });

  it('DEF-01 NAV-34 NS-28 /entity opens for ROLE_USER and for ROLE_ADMIN', () => {
    expect(hasAnyAuthority(['ROLE_USER'], ['ROLE_USER', 'ROLE_ADMIN'])).toBe(true);
    expect(hasAnyAuthority(['ROLE_ADMIN'], ['ROLE_USER', 'ROLE_ADMIN'])).toBe(true);
  });

  it('NAV-38 a player with no authorities cannot open a route that requires one', () => {
    expect(hasAnyAuthority([], ['ROLE_USER'])).toBe(false);
  });
});
