import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fillIn, renderComponent } from '../../../shared/testing/render';
import { LoginForm } from './login-form';

describe('the login form (SESS-09)', () => {
  it('SESS-09 LOG IN is enabled only when both the username and the password are filled', async () => {
    const user = userEvent.setup({ delay: null });
    renderComponent(<LoginForm />);
    const submit = screen.getByRole('button', { name: 'LOG IN' });
    const username = screen.getByRole('textbox', { name: 'Username or e-mail' });
    const password = screen.getByLabelText('Password');
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await fillIn(user, username, 'demo.player');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await fillIn(user, password, 'secret');
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    // A username of spaces is no username.
    await user.clear(username);
    await fillIn(user, username, '   ');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });
});
