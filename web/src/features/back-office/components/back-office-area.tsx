import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '../../../shared/components/tabs';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { registerBackOfficeStrings } from '../../../shared/i18n/back-office/register';
import { BackOfficeError } from '../api/back-office-request';
import { useStaffMe, useStaffSignOut } from '../api/staff-session';
import { useChronosTranslation } from '../../chronos/i18n';
import { AuditLog } from './audit-log';
import { ChannelModeration } from './channel-moderation';
import { ChannelPoster } from './channel-poster';
import { ContentEditor } from './content-editor';
import { EvidencePack } from './evidence-pack';
import { FlagsQueue } from './flags-queue';
import { PlayerPage } from './player-page';
import { PaymentsQueue } from './payments-queue';
import { PlayerSearch } from './player-search';
import { ReportsView } from './reports-view';
import { ReviewQueue } from './review-queue';
import { StaffManager } from './staff-manager';
import { StaffSignIn } from './staff-sign-in';
import { SupportConsole } from './support-console';
import { useSupportTranslation } from '../../support/i18n';
import './back-office.css';

registerBackOfficeStrings();

type View = 'queue' | 'players' | 'audit' | 'reports' | 'evidence' | 'flags' | 'payments' | 'content' | 'staff' | 'channels' | 'support';

/**
 * The back office at /entity (NS-28, issue 15). Staff sign in here with their own account and a
 * TOTP code; the views shown follow the permissions the server answers, and the server checks each
 * operation again. The open view and player are in `?view=` and `?player=`.
 */
export function BackOfficeArea() {
  const { t } = useTranslation();
  const chronosT = useChronosTranslation();
  const supportT = useSupportTranslation();
  useDocumentTitle(t('pages.entity'));
  const me = useStaffMe();
  const signOut = useStaffSignOut();
  const [searchParams, setSearchParams] = useSearchParams();

  const setParams = (changes: Record<string, string | null>) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    });

  let body;
  if (me.isPending) {
    body = <p className="bo-muted">{t('bo.loading')}</p>;
  } else if (me.isError) {
    const refusal = me.error instanceof BackOfficeError ? me.error.httpStatus : 0;
    body = refusal === 401 || refusal === 403 ? <StaffSignIn needsCode={refusal === 403} /> : <p role="alert">{t('bo.failed')}</p>;
  } else {
    const staff = me.data;
    const can = (permission: (typeof staff.permissions)[number]) => staff.permissions.includes(permission);
    const player = searchParams.get('player');
    const open = (playerId: string) => setParams({ player: playerId });
    const views: TabItem<View>[] = [
      ...(can('identity.review') ? [{ value: 'queue' as const, label: t('bo.tab.queue'), content: <ReviewQueue onOpen={open} /> }] : []),
      ...(can('payments.review') ? [{ value: 'payments' as const, label: t('bo.tab.payments'), content: <PaymentsQueue staffUsername={staff.username} onOpen={open} /> }] : []),
      ...(can('players.read') ? [{ value: 'players' as const, label: t('bo.tab.players'), content: <PlayerSearch onOpen={open} /> }] : []),
      ...(can('players.read') ? [{ value: 'flags' as const, label: t('bo.tab.flags'), content: <FlagsQueue onOpen={open} canRecord={can('players.note')} /> }] : []),
      ...(can('content.edit') ? [{ value: 'content' as const, label: t('bo.tab.content'), content: <ContentEditor /> }] : []),
      ...(can('channels.post') || can('channels.moderate')
        ? [
            {
              value: 'channels' as const,
              label: chronosT('chronos.bo.tab'),
              content: (
                <div className="bo-stack">
                  {can('channels.post') ? <ChannelPoster /> : null}
                  {can('channels.moderate') ? <ChannelModeration /> : null}
                </div>
              ),
            },
          ]
        : []),
      ...(can('support.chat') ? [{ value: 'support' as const, label: supportT('support.bo.tab'), content: <SupportConsole /> }] : []),
      ...(can('audit.read') ? [{ value: 'audit' as const, label: t('bo.tab.audit'), content: <AuditLog /> }] : []),
      ...(can('audit.read') ? [{ value: 'reports' as const, label: t('bo.tab.reports'), content: <ReportsView /> }] : []),
      ...(can('audit.read') ? [{ value: 'evidence' as const, label: t('bo.tab.evidence'), content: <EvidencePack /> }] : []),
      ...(can('staff.manage') ? [{ value: 'staff' as const, label: t('bo.tab.staff'), content: <StaffManager staffId={staff.staffId} /> }] : []),
    ];
    const current = views.find((view) => view.value === searchParams.get('view'))?.value ?? views[0]?.value;
    body = (
      <>
        <div className="bo-staff-bar" data-testid="bo-staff">
          <span>{t('bo.signedInAs', { name: staff.displayName, roles: staff.roles.join(', ') })}</span>
          <span className="bo-muted">{t('bo.idle', { minutes: staff.idleTimeoutMinutes })}</span>
          <button type="button" className="button button--ghost" onClick={() => signOut.mutate()}>
            {t('bo.signOut')}
          </button>
        </div>
        {player && can('players.read') ? (
          <PlayerPage playerId={player} permissions={staff.permissions} onBack={() => setParams({ player: null })} />
        ) : views.length === 0 || !current ? (
          <p className="bo-muted">{t('bo.forbidden')}</p>
        ) : (
          <Tabs label={t('bo.tabs')} items={views} value={current} onValueChange={(view) => setParams({ view })} testId="bo-tabs" />
        )}
      </>
    );
  }

  return (
    <section className="bo" aria-labelledby="bo-title" data-testid="back-office">
      <header className="bo__header">
        <h1 id="bo-title" className="bo__title">
          {t('pages.entity')}
        </h1>
        <p className="bo-muted">{t('bo.lead')}</p>
      </header>
      {body}
    </section>
  );
}
