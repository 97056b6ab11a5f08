import { createContext, useContext } from 'react';
import type { ConfigurationFields } from '../../../../contracts/content/configuration';

/** The content configuration read at start (BOOT-10); it does not change while the page lives. */
export type Configuration = ConfigurationFields;

export const ConfigurationContext = createContext<Configuration | null>(null);

export function useConfiguration(): Configuration {
  const configuration = useContext(ConfigurationContext);
  if (!configuration) throw new Error('useConfiguration is used outside the configured app');
  return configuration;
}
