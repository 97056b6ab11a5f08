import { describe, expect, it } from 'vitest';
import { siblingService } from './service-addresses';

describe('the back office’s address beside the platform service (issue 30, step 5)', () => {
  it('replaces the last path segment, on a relative or an absolute base', () => {
    expect(siblingService('/ps', 'bo')).toBe('/bo');
    expect(siblingService('/ps/', 'bo')).toBe('/bo');
    expect(siblingService('http://127.0.0.1:3000/ps', 'bo')).toBe('http://127.0.0.1:3000/bo');
    expect(siblingService('https://casino.example/api/ps', 'bo')).toBe('https://casino.example/api/bo');
  });
});
