import { useMemo, useState, type ReactNode } from 'react';
import { SidebarContext, type OpenSidebar, type SidebarControls } from './sidebar-state';

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenSidebar | null>(null);
  const controls = useMemo<SidebarControls>(() => ({ open, show: setOpen, close: () => setOpen(null) }), [open]);
  return <SidebarContext.Provider value={controls}>{children}</SidebarContext.Provider>;
}
