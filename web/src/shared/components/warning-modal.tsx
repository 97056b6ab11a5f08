import { lazy, Suspense, useState, type ReactNode } from 'react';
import { WarningModalContext, type Warning } from './warning-modal-state';

const WarningDialog = lazy(() => import('./warning-dialog').then((module) => ({ default: module.WarningDialog })));

export function WarningModalProvider({ children }: { children: ReactNode }) {
  const [warning, setWarning] = useState<Warning | null>(null);
  return (
    <WarningModalContext.Provider value={setWarning}>
      {children}
      {warning ? (
        <Suspense fallback={null}>
          <WarningDialog warning={warning} onClose={() => setWarning(null)} />
        </Suspense>
      ) : null}
    </WarningModalContext.Provider>
  );
}
