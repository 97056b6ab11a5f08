import './boot/effects-before-input';
import '@fontsource-variable/inter';
import '@fontsource-variable/outfit';
import './shared/styles/tokens.css';
import './shared/styles/base.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/mini';
import { MaintenancePage, Splash, StartupFailure } from './boot/boot-screens';
import { discoverServices } from './boot/discover-services';
import { setServiceAddresses } from './shared/api/service-addresses';
import { cookieNames, readCookie, writeCookie } from './shared/cookies';
import { loadContentTranslations } from './shared/i18n/content-translations';
import { loadBundledLanguage, startI18n } from './shared/i18n/i18n';
import { decideLanguage } from './shared/i18n/language';
import { yieldToPage } from './shared/yield-to-page';

// The portal's CSP has no 'unsafe-eval', so zod's compiled object parsers could never run; without
// this its probe for them (a `new Function` it catches) is still reported as a CSP violation.
zodConfig({ jitless: true });

/**
 * The portal's start, cut into tasks (`yieldToPage`) where its work changes hands: the entry's
 * evaluation, the language's start, discovery, the shell's evaluation (its router starts the
 * page's route), the first page's requests and the first render are each a task of their own, not
 * one long one, so a slow phone paints and answers a tap between them.
 */
async function start(container: HTMLElement): Promise<void> {
  await yieldToPage();
  const root = createRoot(container);
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

  const query = new URLSearchParams(window.location.search);
  const { language, set } = decideLanguage(query.get('locale'), { LANG: readCookie(cookieNames.language) });
  if (set.LOCALE) writeCookie(cookieNames.locale, set.LOCALE);
  if (set.LANG) writeCookie(cookieNames.language, set.LANG);
  startI18n(language);
  await yieldToPage();
  // A page the server sent with its first view drawn (server/portal) keeps it on screen until the
  // portal can draw the same page; any other starts on the splash.
  const firstView = container.querySelector('[data-first-view]') !== null;
  if (!firstView) render(<Splash />);
  const bundled = loadBundledLanguage(language).catch(() => undefined);

  // The shell downloads while discovery talks to the services.
  const appModule = import('./app/app');
  void appModule.then(({ preloadRouteModules }) => preloadRouteModules(window.location.pathname)).catch(() => undefined);
  const outcome = await discoverServices();
  await bundled;
  if (outcome.kind === 'maintenance') return render(<MaintenancePage />);
  if (outcome.kind === 'failed') return render(<StartupFailure service={outcome.service} />);

  setServiceAddresses(outcome.addresses);
  const translations = loadContentTranslations(language);
  const { App, startFirstPageRequests, firstPageDrawable } = await appModule;
  await yieldToPage();
  startFirstPageRequests(language);
  await translations;
  if (firstView) await firstPageDrawable(language);
  render(<App configuration={outcome.configuration} />);
}

const container = document.getElementById('root');
if (container) void start(container);
