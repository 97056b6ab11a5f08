import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { registerBackOfficeStrings } from '../../../shared/i18n/back-office/register';
import { BackOfficeError } from '../api/back-office-request';
import { useStaffMe, useStaffSignOut } from '../api/staff-session';
import { useCodeLabel } from '../codes';
import { useChronosTranslation } from '../../chronos/i18n';
import { AuditLog } from './audit-log';
import { BonusPlanEditor } from './bonus-plan-editor';
import { ChannelModeration } from './channel-moderation';
import { ChannelPoster } from './channel-poster';
import { ContentEditor } from './content-editor';
import { EvidencePack } from './evidence-pack';
import { FlagsQueue } from './flags-queue';
import { PlayerPage } from './player-page';
import { PublicNameForm } from './public-name-form';
import { PaymentsQueue } from './payments-queue';
import { PlayerSearch } from './player-search';
import { RegisterRemovals } from './register-removals';
import { ReportsView } from './reports-view';
import { ReviewQueue } from './review-queue';
import { StaffManager } from './staff-manager';
import { StaffShell, type StaffNavItem } from './staff-shell';
import { StaffSignIn } from './staff-sign-in';
import { SupportConsole } from './support-console';
import { useSupportTranslation } from '../../support/i18n';
import './back-office.css';

registerBackOfficeStrings();

interface View {
  value:
    | 'queue'
    | 'players'
    | 'audit'
    | 'reports'
    | 'evidence'
    | 'flags'
    | 'register'
    | 'payments'
    | 'content'
    | 'bonusPlans'
    | 'staff'
    | 'channels'
    | 'support';
  label: string;
  content: ReactNode;
}

/**
 * The back office at /entity (NS-28, issue 15). Staff sign in here with their own account and a
 * TOTP code; the views shown follow the permissions the server answers, and the server checks each
 * operation again. The open view and player are in `?view=` and `?player=`. It draws its own shell
 * (issue 27 item 12): none of the player portal's header or footer.
 */
export function BackOfficeArea() {
  const { t } = useTranslation();
  const chronosT = useChronosTranslation();
  const supportT = useSupportTranslation();
  const label = useCodeLabel();
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
  let nav: StaffNavItem[] = [];
  let member: { name: string; roles: string } | null = null;
  let title = t('pages.entity');
  let lead = <p className="bo-muted">{t('bo.lead')}</p>;
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
    const views: View[] = [
      ...(can('identity.review') ? [{ value: 'queue' as const, label: t('bo.tab.queue'), content: <ReviewQueue onOpen={open} /> }] : []),
      ...(can('payments.review')
        ? [{ value: 'payments' as const, label: t('bo.tab.payments'), content: <PaymentsQueue staffUsername={staff.username} onOpen={open} /> }]
        : []),
      ...(can('players.read') ? [{ value: 'players' as const, label: t('bo.tab.players'), content: <PlayerSearch onOpen={open} /> }] : []),
      ...(can('players.read')
        ? [{ value: 'flags' as const, label: t('bo.tab.flags'), content: <FlagsQueue onOpen={open} canRecord={can('players.note')} /> }]
        : []),
      // The account-holder register (issue 29 item 9): what the job and requests did.
      ...(can('players.read') ? [{ value: 'register' as const, label: t('bo.tab.register'), content: <RegisterRemovals onOpen={open} /> }] : []),
      ...(can('content.edit') ? [{ value: 'content' as const, label: t('bo.tab.content'), content: <ContentEditor /> }] : []),
      ...(can('bonuses.plans') ? [{ value: 'bonusPlans' as const, label: t('bo.tab.bonusPlans'), content: <BonusPlanEditor /> }] : []),
      ...(can('channels.post') || can('channels.moderate')
        ? [
            {
              value: 'channels' as const,
              label: chronosT('chronos.bo.tab'),
              content: (
                <div className="bo-stack">
                  {can('channels.post') ? <PublicNameForm publicName={staff.publicName} /> : null}
                  {can('channels.post') ? <ChannelPoster /> : null}
                  {can('channels.moderate') ? <ChannelModeration /> : null}
                </div>
              ),
            },
          ]
        : []),
      ...(can('support.chat')
        ? [
            {
              value: 'support' as const,
              label: supportT('support.bo.tab'),
              content: (
                <div className="bo-stack">
                  <PublicNameForm publicName={staff.publicName} />
                  <SupportConsole />
                </div>
              ),
            },
          ]
        : []),
      ...(can('audit.read') ? [{ value: 'audit' as const, label: t('bo.tab.audit'), content: <AuditLog /> }] : []),
      ...(can('audit.read') ? [{ value: 'reports' as const, label: t('bo.tab.reports'), content: <ReportsView /> }] : []),
      ...(can('audit.read') ? [{ value: 'evidence' as const, label: t('bo.tab.evidence'), content: <EvidencePack /> }] : []),
      ...(can('staff.manage') ? [{ value: 'staff' as const, label: t('bo.tab.staff'), content: <StaffManager staffId={staff.staffId} /> }] : []),
    ];
    const current = views.find((view) => view.value === searchParams.get('view')) ?? views[0];
    nav = views.map((view) => ({ value: view.value, label: view.label, href: `?view=${view.value}`, current: view.value === current?.value }));
    member = { name: staff.displayName, roles: staff.roles.map((role) => label('staffRole', role)).join(', ') };
    title = current?.label ?? t('pages.entity');
    lead = <p className="bo-muted">{t('bo.idle', { minutes: staff.idleTimeoutMinutes })}</p>;
    body =
      player && can('players.read') ? (
        <PlayerPage playerId={player} permissions={staff.permissions} onBack={() => setParams({ player: null })} />
      ) : !current ? (
        <p className="bo-muted">{t('bo.forbidden')}</p>
      ) : (
        <div className="bo-view" data-testid={`bo-view-${current.value}`}>
          {current.content}
        </div>
      );
  }

  useDocumentTitle(title === t('pages.entity') ? title : `${title} · ${t('pages.entity')}`);

  return (
    <StaffShell nav={nav} member={member} onSignOut={() => signOut.mutate()} signingOut={signOut.isPending} title={title} lead={lead}>
      {body}
    </StaffShell>
  );
}
