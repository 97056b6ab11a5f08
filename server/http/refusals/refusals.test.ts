import { describe, expect, it } from 'vitest';
import { UNKNOWN_BONUS_CODE_TEXTS } from '../../../contracts/platform/bonuses/bonuses';
import { refusalTexts } from '../../../lint/refusal-texts';
import { refusalsMk } from './mk';
import { hasTranslation, refusalIn, refusalInMk } from './translate';

/**
 * Issue 27 item 1: every refusal the server writes reads in the player's language. The source is
 * read for every literal refusal (lint/refusal-texts.ts), so a new English refusal without its
 * Macedonian fails here.
 */
describe('refusals in Macedonian (issue 27 item 1, I18N-03)', () => {
  it('I18N-03 every literal refusal in server/ and contracts/ has a Macedonian translation', () => {
    const found = refusalTexts(process.cwd());
    // The scan itself finds the refusals it is meant to (the catalogue's, a field error's, a zod rule's, a template's).
    expect(found.length).toBeGreaterThan(500);
    expect(found.map((entry) => entry.text)).toEqual(
      expect.arrayContaining([
        'You are not logged in',
        'Invalid value for {}: {}',
        'Username must be at least 8 characters',
        "Invitations are marketing e-mails: you can send them while you accept {} offers by e-mail (your account's marketing preferences).",
      ]),
    );
    const missing = found.filter((entry) => !hasTranslation(entry.text)).map((entry) => `${entry.where}: ${entry.text}`);
    expect(missing).toEqual([]);
    // Parsing every source file takes seconds on a busy machine.
  }, 60_000);

  it('I18N-03 a translation keeps no English: each Latin word in it is in the English text too (a field, a code)', () => {
    const english = Object.entries(refusalsMk).filter(([key, value]) => {
      const words = new Set(key.match(/[A-Za-z_]+/g) ?? []);
      return (value.match(/[A-Za-z_]+/g) ?? []).some((word) => !words.has(word));
    });
    expect(english).toEqual([]);
  });

  it('I18N-04 values in a template: money and dates in the Macedonian pattern, words and nested refusals translated', () => {
    expect(
      refusalInMk(
        'This deposit would go over your weekly deposit limit of €1,000.00: you can deposit €250.50 more; more can be deposited from 3 Dec 2026, 16:04 UTC',
      ),
    ).toBe(
      'Оваа уплата би го надминала вашиот неделен лимит за уплата од 1.000,00\u00a0€: можете да уплатите уште 250,50\u00a0€; повеќе може да уплатите од 3 дек. 2026, 16:04 UTC',
    );
    expect(refusalInMk('This deposit would go over your daily deposit limit of £5.00: you can deposit £0.00 more')).toBe(
      'Оваа уплата би го надминала вашиот дневен лимит за уплата од 5,00\u00a0£: можете да уплатите уште 0,00\u00a0£',
    );
    expect(refusalInMk('Invalid value for stake: The stake must be between €0.10 and €100.00')).toBe(
      'Неважечка вредност за stake: Влогот мора да биде меѓу 0,10\u00a0€ и 100,00\u00a0€',
    );
    expect(
      refusalInMk("Invitations are marketing e-mails: you can send them while you accept bingo offers by e-mail (your account's marketing preferences)."),
    ).toBe('Поканите се маркетиншка е-пошта: можете да ги испраќате додека прифаќате понуди за бинго по е-пошта (маркетиншките поставки на вашата сметка).');
    expect(refusalInMk('You are muted in this chat until 2026-12-01T09:30:00.000Z')).toBe(
      'Исклучени сте од пишување во овој разговор до 1 дек. 2026, 09:30 UTC',
    );
    expect(refusalInMk('Please enter an amount')).toBe('Внесете износ');
    expect(refusalInMk('A text no one wrote')).toBeUndefined();
  });

  it('BON-15 the portal knows the unknown-code refusal in both languages, as the catalogue writes it', () => {
    expect(refusalInMk(UNKNOWN_BONUS_CODE_TEXTS[0]!)).toBe(UNKNOWN_BONUS_CODE_TEXTS[1]);
  });

  it('I18N-03 status and fields stay; English is unchanged; an unknown Macedonian text falls back to its status', () => {
    const body = { status: 'HIGH_LIMIT', message: 'Reached deposit limit max.', errors: [{ field: 'amount', error: 'The limit must be greater than 0' }] };
    expect(refusalIn(body, 'en')).toBe(body);
    expect(refusalIn(body, 'mk')).toEqual({
      status: 'HIGH_LIMIT',
      message: 'Достигнат е лимитот за уплата.',
      errors: [{ field: 'amount', error: 'Лимитот мора да биде поголем од 0' }],
    });
    expect(refusalIn({ status: 'NOT_FOUND', message: 'Something new' }, 'mk')).toEqual({ status: 'NOT_FOUND', message: 'Не е пронајдено' });
  });
});
