import { describe, expect, it } from 'vitest';
import { dayInWords, noticeText } from './notice-text';

describe('the inactivity notice words', () => {
  it('says since when, the months, the day of removal and how to keep the account, in English', () => {
    const text = noticeText({ language: 'en', months: 13, lastPlayAt: new Date('2026-01-05T10:00:00Z'), dueAt: new Date('2027-03-14T00:30:00Z') });
    expect(text.subject).toBe('Your account will be closed on 14 March 2027');
    expect(text.paragraphs[0]).toBe('You have not played since 5 January 2026.');
    expect(text.paragraphs[1]).toContain('after 13 months without play');
    expect(text.paragraphs[2]).toBe('To keep your account, sign in and play before 14 March 2027.');
    expect(text.actionLabel).toBe('Sign in');
  });

  it('speaks Macedonian, and says so when the player never played', () => {
    const text = noticeText({ language: 'mk', months: 13, lastPlayAt: null, dueAt: new Date('2027-03-14T00:30:00Z') });
    expect(text.subject).toBe('Вашата сметка ќе биде затворена на 14 март 2027');
    expect(text.paragraphs[0]).toBe('Не сте играле откако ја отворивте сметката.');
    expect(text.paragraphs[1]).toContain('по 13 месеци без игра');
    expect(text.actionLabel).toBe('Најавете се');
  });

  it('escapes every paragraph in the message body, and dates are UTC days', () => {
    const text = noticeText({ language: 'en', months: 13, lastPlayAt: null, dueAt: new Date('2027-12-31T23:59:59Z') });
    expect(text.html).toBe(text.paragraphs.map((paragraph) => `<p>${paragraph.replace(/'/g, '&#39;')}</p>`).join(''));
    expect(dayInWords(new Date('2027-12-31T23:59:59Z'), 'en')).toBe('31 December 2027');
  });
});
