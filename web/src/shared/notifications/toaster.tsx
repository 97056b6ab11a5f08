import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { attachToaster } from './notifications';

export function PortalToaster() {
  // The Toaster (a child) subscribes in its own effect, which runs before this one.
  useEffect(
    () =>
      attachToaster(({ tone, title, description }) => {
        const options = description ? { description } : undefined;
        if (tone === 'error') toast.error(title, options);
        else toast.success(title, options);
      }),
    [],
  );
  return <Toaster theme="dark" position="top-center" closeButton richColors />;
}
