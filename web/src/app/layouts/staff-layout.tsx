import { Outlet } from 'react-router';
import { useViewport } from '../../shared/hooks/use-viewport';
import './layouts.css';

/**
 * The back office's page (issue 27 item 12): none of the player portal's header, footer, cookie
 * notice, sidebars, wallet or responsible-gaming host — staff are not players. The back office
 * draws its own shell (navigation, the member and their role, language, sign-out).
 */
export function StaffLayout() {
  const viewport = useViewport();
  return (
    <div className="shell shell--staff" data-testid="layout-staff" data-layout="staff" data-viewport={viewport}>
      <Outlet />
    </div>
  );
}
