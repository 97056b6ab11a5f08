import { createContext, useContext } from 'react';

export interface Warning {
  title?: string;
  message: string;
}

export const WarningModalContext = createContext<((warning: Warning) => void) | null>(null);

/** Shows a blocking notice such as the identity review or 'Authentication In Progress' (NAV-47). */
export function useWarningModal(): (warning: Warning) => void {
  const show = useContext(WarningModalContext);
  if (!show) throw new Error('useWarningModal is used outside WarningModalProvider');
  return show;
}
