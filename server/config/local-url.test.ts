import { describe, expect, it } from 'vitest';
import { localUrl } from './local-url';

describe('localUrl', () => {
  it('turns wildcard listen addresses into localhost and brackets IPv6', () => {
    expect(localUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(localUrl('::', 3000)).toBe('http://localhost:3000');
    expect(localUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(localUrl('::1', 8080)).toBe('http://[::1]:8080');
  });
});
