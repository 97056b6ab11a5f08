import { describe, expect, it } from 'vitest';
import { dialLink } from './dial-link';

describe('contact-us call buttons (defect 8, CONTENT-19…21)', () => {
  it('dials the free-call number the card shows, not a mistyped link', () => {
    expect(dialLink('free_call', '1800 555 019', 'tel:+353180055501')).toBe('tel:+3531800555019');
  });

  it('dials international numbers as shown and texts SMS numbers', () => {
    expect(dialLink('call', '+44 28 9099 0144', 'tel:+4400')).toBe('tel:+442890990144');
    expect(dialLink('sms', '087 123 4567', '')).toBe('sms:+353871234567');
  });

  it('keeps the content link when the shown text is no phone number', () => {
    expect(dialLink('call', 'Call us', 'tel:+3531800555019')).toBe('tel:+3531800555019');
    expect(dialLink('call', '', 'tel:+3531800555019')).toBe('tel:+3531800555019');
  });
});
