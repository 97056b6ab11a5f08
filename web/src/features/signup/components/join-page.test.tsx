import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Consent } from '../../../../../contracts/platform/accounts/consents';
import { fillIn, renderComponent } from '../../../shared/testing/render';
import { consentsQueryOptions } from '../api/get-consents';
import { JoinForm } from './join-page';

const consents: Consent[] = [
  { consentVersionId: 1, name: 'Terms and conditions', key: 'TNC', parentKey: 'MANDATORY', isMandatory: true },
  { consentVersionId: 2, name: 'Privacy policy', key: 'PRIVACY', parentKey: 'MANDATORY', isMandatory: true },
  { consentVersionId: 3, name: 'News by e-mail', key: 'NEWS', parentKey: 'MARKETING', isMandatory: false },
];

const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const checkbox = (key: string) => screen.getByTestId(`consent-${key}`).querySelector('input')!;

describe('sign-up step 1 (SIGNUP-04, SIGNUP-11, DEF-22)', () => {
  it('SIGNUP-11 DEF-22 JOIN stays disabled until every field is filled and every mandatory consent is ticked; optional ones are not needed', async () => {
    const user = userEvent.setup({ delay: null });
    renderComponent(<JoinForm />, { data: [[consentsQueryOptions.queryKey, consents]] });
    const submit = screen.getByTestId('join-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await fillIn(user, field('email'), 'aoife@example.test');
    await fillIn(user, field('username'), 'aoife.byrne');
    await fillIn(user, field('password'), 'Secret-pass-1');
    await user.selectOptions(field('day'), '14');
    await user.selectOptions(field('month'), '6');
    const years = [...(field('year') as HTMLSelectElement).options].map((option) => option.value);
    await user.selectOptions(field('year'), years[1]!);
    expect(submit.disabled).toBe(true);

    await user.click(checkbox('TNC'));
    expect(submit.disabled).toBe(true);
    await user.click(checkbox('PRIVACY'));
    expect(submit.disabled).toBe(false);

    // Untick a mandatory one again: disabled again. The optional box never matters.
    await user.click(checkbox('PRIVACY'));
    expect(submit.disabled).toBe(true);
    await user.click(checkbox('NEWS'));
    expect(submit.disabled).toBe(true);
  });

  it('SIGNUP-04 the years start at 18 years ago: no one younger can be chosen', () => {
    renderComponent(<JoinForm />, { data: [[consentsQueryOptions.queryKey, consents]] });
    const years = [...(field('year') as HTMLSelectElement).options].map((option) => option.value).filter(Boolean);
    expect(years[0]).toBe(String(new Date().getUTCFullYear() - 18));
    expect(years.every((year) => Number(year) <= new Date().getUTCFullYear() - 18)).toBe(true);
  });

  it('SIGNUP-11 every marketing box starts unticked (SR 5.1.12)', () => {
    renderComponent(<JoinForm />, { data: [[consentsQueryOptions.queryKey, consents]] });
    const boxes = [...screen.getByTestId('signup-marketing').querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((box) => !box.checked)).toBe(true);
    expect(checkbox('NEWS').checked).toBe(false);
  });
});
