import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { attachToaster } from './notifications';

export function PortalToaster() {
  // The Toaster (a child) subscribes in its own effect, which runs before this one.
  useEffect(
    () =>
      attachToaster(({ tone, title, description }) => {
        // The same message while it is still on screen is one toast, not a stack: a failing call is
        // often asked for again at once (a screen mounting after the first attempt failed).
        const id = `${tone}:${title}:${description ?? ''}`;
        const options = description ? { id, description } : { id };
        if (tone === 'error') toast.error(title, options);
        else toast.success(title, options);
      }),
    [],
  );
  return <Toaster theme="dark" position="top-center" closeButton richColors />;
}
