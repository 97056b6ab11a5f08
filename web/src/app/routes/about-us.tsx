import { AboutPage } from '../../features/info/components/about-page';

export function Component() {
  return <AboutPage />;
}
