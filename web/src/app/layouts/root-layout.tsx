import { ScrollRestoration, useLocation } from 'react-router';
import { EmbeddedLayout } from './embedded-layout';
import { isEmbedded } from './layout-mode';
import { MainLayout } from './main-layout';

export function RootLayout() {
  const { pathname, search } = useLocation();
  return (
    <>
      {isEmbedded(pathname, search) ? <EmbeddedLayout /> : <MainLayout />}
      <ScrollRestoration />
    </>
  );
}
