import { describe, expect, it } from 'vitest';
import { backOfficeEn } from '../../shared/i18n/back-office/en';
import { backOfficeMk } from '../../shared/i18n/back-office/mk';
import { documentsEn } from '../../shared/i18n/documents/en';
import { documentsMk } from '../../shared/i18n/documents/mk';
import { codeKey, codeKinds, readableCode, type CodeKind } from './codes';

// The dictionaries the back office's words come from in each language.
const dictionaries: Record<'en' | 'mk', Record<string, string>> = {
  en: { ...documentsEn, ...backOfficeEn },
  mk: { ...documentsMk, ...backOfficeMk },
};

// Every code of every kind, as the contracts' enums list them: a code added to an enum without words fails here.
const everyCode = (Object.keys(codeKinds) as CodeKind[]).flatMap((kind) => codeKinds[kind].codes.map((code) => [kind, code] as const));

describe('the back office names every code staff read (issue 27 item 12)', () => {
  it('lists the codes of each kind from the contracts, the ones staff were shown raw among them', () => {
    expect(everyCode.length).toBeGreaterThan(150);
    expect(codeKinds.kycStatus.codes).toContain('ID_CHECK_LOCK');
    expect(codeKinds.paymentMethod.codes).toEqual(expect.arrayContaining(['WPCGHOSTED_CARD', 'MONEYBOOKERS']));
    expect(codeKinds.auditAction.codes).toContain('staff.signIn');
  });

  it.each(['en', 'mk'] as const)('has words in %s for every code of every kind', (language) => {
    const missing = everyCode.filter(([kind, code]) => !dictionaries[language][codeKey(kind, code)]?.trim()).map(([kind, code]) => `${kind}: ${code}`);
    expect(missing).toEqual([]);
  });

  it('words differ from the code itself in English, and Macedonian is not left in English (brand names aside)', () => {
    const brands = new Set(['NETELLER (e-wallet)', 'Skrill (e-wallet)']);
    const raw = everyCode.filter(([kind, code]) => dictionaries.en[codeKey(kind, code)] === code).map(([kind, code]) => `${kind}: ${code}`);
    expect(raw).toEqual([]);
    const untranslated = everyCode
      .map(([kind, code]) => dictionaries.en[codeKey(kind, code)] ?? '')
      .filter((english, index) => {
        const [kind, code] = everyCode[index]!;
        return /[A-Za-z]{3}/.test(english) && !brands.has(english) && dictionaries.mk[codeKey(kind, code)] === english;
      });
    expect(untranslated).toEqual([]);
  });

  it('makes an unknown code readable, never blank', () => {
    expect(readableCode('SOME_NEW_CODE')).toBe('Some new code');
    expect(readableCode('staff.resetTwoFactor')).toBe('Staff reset two factor');
    expect(readableCode('bonus-plan.archive')).toBe('Bonus plan archive');
    expect(readableCode('***')).toBe('***');
    expect(readableCode('  ')).toBe('—');
  });
});
