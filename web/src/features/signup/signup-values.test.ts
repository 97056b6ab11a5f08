import { describe, expect, it } from 'vitest';
import { countryChoices, flagUrl } from './countries';
import { contactFormSchema, toBirthDate, toCompletionRequest, toQuickSignupRequest, userTrackingCodes, type ContactFormInput } from './signup-values';

const contact: ContactFormInput = {
  firstname: 'Aoife',
  lastname: 'Byrne',
  mobileCountry: 'IE',
  mobile: '087 123 4567',
  occupation: 'Nurse',
  gender: 'OTHER',
  manualBuilding: '12',
  manualAddress: 'Main Street',
  manualCity: 'Ballina',
  manualCounty: 'Mayo',
  manualPostCode: 'f26 x2y3',
  manualCountry: 'IE',
};

describe('sign-up values', () => {
  it('SIGNUP-14 NS-16 birthDate is YYYY-MM-DD, zero-padded', () => {
    expect(toBirthDate({ day: '7', month: '3', year: '1990' })).toBe('1990-03-07');
  });

  it('SIGNUP-15 SIGNUP-16 SIGNUP-50 SIGNUP-51 step 1 sends EUR, the consent ids and the tracking cookies', () => {
    const request = toQuickSignupRequest(
      { email: 'a@b.ie', username: 'aoifebyrne', password: 'green-hills-9', day: '1', month: '12', year: '1990', receiveEmail: true },
      [3, 4],
      ['BINGO:SMS'],
      { referralId: 'friend42', affiliate: 'ClickId=abc&affId=77' },
    );
    expect(request).toMatchObject({ currency: 'EUR', birthDate: '1990-12-01', consents: [3, 4], receiveEmail: true, referralId: 'friend42' });
    // SR 5.1.12: only the ticked marketing boxes, nothing else implied.
    expect(request.marketingConsents).toEqual([{ product: 'BINGO', channel: 'SMS' }]);
    expect(request.userTrackingCodes).toEqual({ ClickId: 'abc', affId: '77' });
    expect(userTrackingCodes('{"affId":"9"}')).toEqual({ affId: '9' });
    expect(userTrackingCodes(undefined)).toBeUndefined();
  });

  it('SIGNUP-28 SIGNUP-29 SIGNUP-32 DEF-02 NS-17 step 2 maps the form to the completion body', () => {
    const values = contactFormSchema.parse(contact);
    expect(toCompletionRequest(values)).toEqual({
      firstName: 'Aoife',
      lastName: 'Byrne',
      gender: 'X',
      profession: 'Nurse',
      building: '12',
      address: 'Main Street',
      municipality: 'Mayo',
      city: 'Ballina',
      postalCode: 'F26 X2Y3',
      country: 'IE',
      mobile: '353871234567',
    });
    expect(toCompletionRequest(contactFormSchema.parse({ ...contact, manualCountry: 'GB', manualPostCode: '' })).country).toBe('GB');
  });

  it('SIGNUP-20 SIGNUP-23 the phone is checked for its country and the eircode only in Ireland', () => {
    expect(contactFormSchema.safeParse({ ...contact, mobile: '12' }).success).toBe(false);
    expect(contactFormSchema.safeParse({ ...contact, manualPostCode: 'SW1A 1AA' }).success).toBe(false);
    expect(contactFormSchema.safeParse({ ...contact, manualCountry: 'GB', manualPostCode: 'SW1A 1AA' }).success).toBe(true);
    expect(contactFormSchema.safeParse({ ...contact, mobileCountry: 'GB', mobile: '07911 123456' }).success).toBe(true);
  });

  it('SIGNUP-20 defect 8: every country offered has an SVG flag, not an emoji that Chromium on Linux draws as a box', () => {
    // The build emits files (…/IE-hash.svg); the unit tests' Vite inlines them as data addresses.
    const svg = /\.svg$|^data:image\/svg\+xml/;
    expect(flagUrl('IE')).toMatch(svg);
    expect(flagUrl('IE')).not.toBe(flagUrl('GB'));
    expect(flagUrl('gb')).toBe(flagUrl('GB'));
    for (const country of countryChoices('en')) expect(flagUrl(country.code), country.code).toMatch(svg);
    expect(flagUrl('ZZ')).toBeUndefined();
  });
});
