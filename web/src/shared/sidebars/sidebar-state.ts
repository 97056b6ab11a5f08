import { createContext, useContext } from 'react';

export type LoginMode = 'sign-in' | 'forgot-password' | 'set-new-password';

/** Why a social sign-in came back to /login (SESS-36). */
export type SocialLoginOutcome = 'not-linked' | 'failed' | 'locked';

/** The one open sidebar, if any: opening one closes the others by construction (NAV-46). */
export type OpenSidebar =
  | { name: 'navigation' }
  | {
      name: 'login';
      mode: LoginMode;
      sessionExpired?: boolean;
      /** NAV-05: the reset key and e-mail read from a reset link, already removed from the address bar. */
      reset?: { key: string; email: string };
      socialLogin?: SocialLoginOutcome;
    }
  | { name: 'signup'; external?: boolean };

export type SidebarName = OpenSidebar['name'];

export interface SidebarControls {
  open: OpenSidebar | null;
  show(sidebar: OpenSidebar): void;
  close(): void;
}

export const SidebarContext = createContext<SidebarControls | null>(null);

export function useSidebars(): SidebarControls {
  const controls = useContext(SidebarContext);
  if (!controls) throw new Error('useSidebars is used outside SidebarProvider');
  return controls;
}
