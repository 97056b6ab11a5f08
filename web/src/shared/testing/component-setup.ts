import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startI18n } from '../i18n/i18n';

// The component tests read the English dictionary, as the portal starts with it.
startI18n('en');

// Each test starts from an empty document (Testing Library unmounts on its own only with globals).
afterEach(() => {
  cleanup();
});
