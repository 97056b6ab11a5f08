import { LoginSidebar } from '../../features/auth/components/login-sidebar';
import { SignupSidebar } from '../../features/auth/components/signup-sidebar';
import { NavigationSidebar } from '../../features/navigation/components/navigation-sidebar';

/** The three sidebars of NAV-46; at most one is open, chosen by the shared sidebar state. */
export function ShellSidebars() {
  return (
    <>
      <NavigationSidebar />
      <LoginSidebar />
      <SignupSidebar />
    </>
  );
}
