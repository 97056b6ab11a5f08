import { describe, expect, it } from 'vitest';
import { isOpenToRestrictedSession } from './restricted-access';

describe('isOpenToRestrictedSession (issue 26 defect 4)', () => {
  it('opens the responsible gaming tab, support and the information pages', () => {
    expect(isOpenToRestrictedSession('/account', '?tab=responsible-gaming')).toBe(true);
    expect(isOpenToRestrictedSession('/responsible-gaming', '')).toBe(true);
    expect(isOpenToRestrictedSession('/contact-us', '?chat=open')).toBe(true);
    expect(isOpenToRestrictedSession('/terms-conditions/', '')).toBe(true);
  });

  it('closes games, the home page, promotions, deposits and the other account tabs', () => {
    for (const [path, search] of [
      ['/', ''],
      ['/play', ''],
      ['/game', '?gameId=SR-3001'],
      ['/promotions', ''],
      ['/deposit', ''],
      ['/account', ''],
      ['/account', '?tab=loyalty-shop'],
      ['/account', '?tab=refer-a-friend'],
    ] as const) {
      expect(isOpenToRestrictedSession(path, search), `${path}${search}`).toBe(false);
    }
  });
});
