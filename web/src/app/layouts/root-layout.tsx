import { ScrollRestoration, useLocation } from 'react-router';
import { EmbeddedLayout } from './embedded-layout';
import { isEmbedded, isStaffArea } from './layout-mode';
import { MainLayout } from './main-layout';
import { StaffLayout } from './staff-layout';

export function RootLayout() {
  const { pathname, search } = useLocation();
  return (
    <>
      {isStaffArea(pathname) ? <StaffLayout /> : isEmbedded(pathname, search) ? <EmbeddedLayout /> : <MainLayout />}
      <ScrollRestoration />
    </>
  );
}
