import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fillIn, renderComponent } from '../../../shared/testing/render';
import { ContactForm } from './contact-page';

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('sign-up step 2 (SIGNUP-23, SIGNUP-26, SIGNUP-27)', () => {
  it('SIGNUP-27 a required field left empty is marked as soon as the player leaves it', async () => {
    const user = userEvent.setup({ delay: null });
    renderComponent(<ContactForm onOutcome={() => undefined} />);
    expect(screen.queryByTestId('field-error')).toBeNull();
    await user.click(textbox('First name'));
    await user.click(textbox('Last name'));
    // The form validates the field it leaves asynchronously (its schema's resolver): wait for the mark.
    const [mark] = await screen.findAllByTestId('field-error');
    expect(mark!.textContent).toBe('This field is required');
  });

  it('SIGNUP-26 CONTINUE stays disabled until every required field is filled; the house number is not required', async () => {
    const user = userEvent.setup({ delay: null });
    renderComponent(<ContactForm onOutcome={() => undefined} />);
    const submit = screen.getByTestId('contact-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await fillIn(user, textbox('First name'), 'Aoife');
    await fillIn(user, textbox('Last name'), 'Byrne');
    await fillIn(user, textbox('Mobile number'), '087 123 4567');
    await fillIn(user, textbox('Occupation'), 'Nurse');
    await user.click(screen.getByRole('radio', { name: 'FEMALE' }));
    await fillIn(user, textbox('Street'), 'Main Street');
    await fillIn(user, textbox('Townland / city'), 'Ballina');
    expect(submit.disabled).toBe(true);
    await fillIn(user, textbox('County'), 'Mayo');
    await fillIn(user, textbox('Eircode'), 'F26 X2Y3');
    expect(submit.disabled).toBe(false);
    await user.clear(textbox('Occupation'));
    expect(submit.disabled).toBe(true);
  });

  it('SIGNUP-23 the address country offers only the countries sign-up is open to, Ireland first', () => {
    renderComponent(<ContactForm onOutcome={() => undefined} />, { configuration: { signup_countries: ['GB', 'IE'] } });
    const country = screen.getByTestId('address-country') as HTMLSelectElement;
    expect(country.value).toBe('IE');
    expect([...country.options].map((option) => option.value).sort()).toEqual(['GB', 'IE']);
  });
});
