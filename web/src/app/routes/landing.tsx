import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { LandingPage, type Landing } from '../../features/landing/components/landing-page';

const landingByPath: Record<string, Landing> = {
  [paths.casino.path]: 'casino',
  [paths.liveCasino.path]: 'live-casino',
  [paths.bingo.path]: 'bingo',
};

/** HOME-21…24: /casino, /live-casino and /bingo. */
export function Component() {
  const { pathname } = useLocation();
  const landing = landingByPath[pathname] ?? 'casino';
  return <LandingPage key={landing} landing={landing} />;
}
