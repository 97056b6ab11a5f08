import type { ReactNode } from 'react';
import { isCurrency } from '../../../../../contracts/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountTabs, liveLobbyLaunch, paths } from '../../../config/paths';
import { GameSearchForm } from '../../../shared/components/game-search-form';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { SideSheet } from '../../../shared/components/side-sheet';
import { useConfiguration } from '../../../shared/configuration/configuration';
import { Select } from '../../../shared/components/select';
import { usePlayerInfo } from '../../../shared/session/api/get-player-info';
import { useLogout } from '../../../shared/session/api/logout';
import { useAssociateAccounts } from '../api/get-associate-accounts';
import { useSwitchCurrency } from '../api/switch-currency';
import { useSession } from '../../../shared/session/use-session';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { MessagesNavItem } from '../../messages';
import { useActiveBalance } from '../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../shared/wallet/money-format';
import { useOpenWallet } from '../../../shared/wallet/use-open-wallet';
import type { WalletTab } from '../../../shared/wallet/wallet-state';
import { Clock } from './clock';
import { LanguageSelect } from './language-select';
import './navigation-sidebar.css';

/** NAV-58…69: the navigation sidebar, for visitors and for signed-in players. */
export function NavigationSidebar() {
  const { t } = useTranslation();
  const { open, close } = useSidebars();
  const session = useSession();
  return (
    <SideSheet
      open={open?.name === 'navigation'}
      onOpenChange={(next) => !next && close()}
      side="left"
      title={t('nav.title')}
      description={t('nav.description')}
      testId="sidebar-navigation"
    >
      {session.authenticated ? <PlayerMenu /> : <VisitorMenu />}
      <LanguageSelect className="nav-sidebar__language" testId="nav-language" />
    </SideSheet>
  );
}

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  const { close } = useSidebars();
  return (
    <li>
      <Link className="nav-sidebar__link" to={to} onClick={close}>
        <span>{children}</span>
        <ArrowRightIcon width={16} height={16} className="nav-sidebar__link-arrow" />
      </Link>
    </li>
  );
}

function VisitorMenu() {
  const { t } = useTranslation();
  const { show, close } = useSidebars();
  return (
    <>
      <div className="nav-sidebar__actions">
        <button type="button" className="button button--secondary button--block" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
          {t('nav.login')}
        </button>
        <button type="button" className="button button--primary button--block" onClick={() => show({ name: 'signup' })}>
          {t('nav.join')}
        </button>
      </div>
      {/* LIVE HELP opens the contact page with its live chat open (issue 16). */}
      <Link
        className="button button--ghost button--block nav-sidebar__help"
        to={`${paths.contactUs.getHref()}?chat=open`}
        onClick={close}
        data-testid="nav-live-help"
      >
        {t('nav.liveHelp')}
      </Link>
      <ul className="nav-sidebar__links">
        <MenuLink to={paths.aboutUs.getHref()}>{t('nav.about')}</MenuLink>
        <MenuLink to={paths.promotions.getHref()}>{t('nav.promotions')}</MenuLink>
        <MenuLink to={paths.responsibleGaming.getHref()}>{t('nav.responsibleGambling')}</MenuLink>
        <MenuLink to={paths.contactUs.getHref()}>{t('nav.contact')}</MenuLink>
      </ul>
      <Clock />
    </>
  );
}

function PlayerMenu() {
  const { t } = useTranslation();
  const { close } = useSidebars();
  // PLAY BINGO opens the bingo lobby the configuration names (gameId bingo, our own platform), as the /bingo landing does.
  const { ips_endpoint, bingo } = useConfiguration();
  const logout = useLogout();
  const { data: player } = usePlayerInfo();
  const { data: balance } = useActiveBalance();
  const openWallet = useOpenWallet();
  // Issue 26 defect 4: a player on a time-out is offered the balance, withdrawal, the responsible
  // gaming tools and support only — no deposit, games or account changes.
  const restricted = useSession().restrictedUntil !== null;
  // NAV-62, WALLET-15: the active currency's balances; a dash until they have been read.
  const show = (amount: number | undefined) => (balance && amount !== undefined ? formatMoney(amount, balance.currency) : '—');
  const open = (tab: WalletTab) => {
    close();
    void openWallet(tab);
  };
  return (
    <>
      <CurrencySwitch />
      <dl className="nav-sidebar__balances" aria-label={t('nav.balances')} data-testid="nav-balances">
        <div>
          <dt>{t('nav.cash')}</dt>
          <dd data-testid="nav-cash">{show(balance?.withdrawableBalance)}</dd>
        </div>
        <div>
          <dt>{t('nav.bonus')}</dt>
          <dd data-testid="nav-bonus">{show(balance?.bonusBalance)}</dd>
        </div>
        <div className="nav-sidebar__balance-total">
          <dt>{t('nav.total')}</dt>
          <dd data-testid="nav-total">{show(balance?.totalBalance)}</dd>
        </div>
      </dl>
      {restricted ? (
        <div className="nav-sidebar__actions">
          <button type="button" className="button button--primary button--block" onClick={() => open('withdrawal')} data-testid="nav-withdraw">
            {t('restricted.withdraw')}
          </button>
          <Link
            className="button button--ghost button--block nav-sidebar__help"
            to={`${paths.contactUs.getHref()}?chat=open`}
            onClick={close}
            data-testid="nav-live-help"
          >
            {t('nav.liveHelp')}
          </Link>
        </div>
      ) : (
        <div className="nav-sidebar__actions">
          {/* NAV-66: DEPOSIT opens the wallet on Deposit, over the page the player is on. */}
          <button type="button" className="button button--primary button--block" onClick={() => open('deposit')} data-testid="nav-deposit">
            {t('nav.deposit')}
          </button>
          <Link
            className="button button--secondary button--block"
            to={paths.game.getHref({ gameId: bingo.gameId, platform: bingo.platform, gameName: bingo.gameName })}
            onClick={close}
          >
            {t('nav.playBingo')}
          </Link>
          <Link className="button button--secondary button--block" to={paths.play.getHref()} onClick={close}>
            {t('nav.casino')}
          </Link>
          {/* NAV-64: the live lobby is for VIP LORD players only. */}
          {player?.vipStatus === 'LORD' ? (
            <Link
              className="button button--secondary button--block nav-sidebar__live"
              to={paths.game.getHref(liveLobbyLaunch)}
              onClick={close}
              data-testid="nav-play-live"
            >
              {t('nav.playLive')}
            </Link>
          ) : null}
        </div>
      )}
      <ul className="nav-sidebar__links">
        {/* NAV-65: Messages, with the unread count, only where a messaging endpoint is configured. */}
        {ips_endpoint ? (
          <li>
            <MessagesNavItem className="nav-sidebar__link" onOpen={close} />
          </li>
        ) : null}
        <li>
          <button type="button" className="nav-sidebar__link" onClick={() => open(restricted ? 'withdrawal' : 'deposit')} data-testid="nav-wallet">
            <span>{t('nav.wallet')}</span>
            <ArrowRightIcon width={16} height={16} className="nav-sidebar__link-arrow" />
          </button>
        </li>
        {restricted ? null : <MenuLink to={paths.account.getHref()}>{t('nav.account')}</MenuLink>}
        <MenuLink to={paths.account.getHref({ tab: accountTabs.responsibleGaming })}>{t('nav.limits')}</MenuLink>
      </ul>
      {restricted ? null : (
        <GameSearchForm label={t('nav.gameSearch')} placeholder={t('nav.gameSearchPlaceholder')} onSearch={close} testId="nav-game-search" />
      )}
      <button type="button" className="button button--ghost button--block nav-sidebar__logout" disabled={logout.isPending} onClick={() => logout.mutate()}>
        {t('nav.logout')}
      </button>
    </>
  );
}

const isSwitchable = isCurrency;

/** SESS-23…25: a player with more than one currency account chooses the active one. */
function CurrencySwitch() {
  const { t } = useTranslation();
  const { data: accounts } = useAssociateAccounts();
  const switchTo = useSwitchCurrency();
  const choices = (accounts ?? []).map((account) => account.currency).filter(isSwitchable);
  if (!accounts || choices.length < 2) return null;
  // SESS-24: the primary account is active until the player switches.
  const active = accounts.find((account) => account.active) ?? accounts.find((account) => account.isPrimary);
  const value = active && isSwitchable(active.currency) ? active.currency : choices[0];
  if (!value) return null;
  return (
    <Select
      label={t('nav.currency')}
      value={value}
      onValueChange={(currency) => currency !== value && switchTo.mutate(currency)}
      options={choices.map((currency) => ({ value: currency, label: currency }))}
      className="nav-sidebar__currency"
      testId="currency-switch"
    />
  );
}
