import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { identificationTab, type IdentificationTab } from '../../../../../contracts/platform/identification/identification';
import { paths } from '../../../config/paths';
import { Tabs } from '../../../shared/components/tabs';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { registerDocumentsStrings } from '../../../shared/i18n/documents/register';
import { usePlayerInfo } from '../../../shared/session/api/get-player-info';
import { useIdentityReviewWarning } from '../../../shared/session/use-identity-review-warning';
import { useSession } from '../../../shared/session/use-session';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { DocumentsSection, ResultDialog } from '../../documents';
import { useIdentificationStatus } from '../api/identification';
import { CardTab } from './card-tab';
import { DocumentFlow } from './document-flow';
import { IdFlow } from './id-flow';
import { IdentityDocumentFlow } from './identity-document-flow';
import type { FlowOutcome } from './outcome';
import './identification.css';

registerDocumentsStrings();

/**
 * /identification (spec 001 §2 Identification page, DIS-09): a visitor gets the sign-up sidebar; a
 * player whose documents await review gets the review warning and their documents; a verified
 * player is told so; any other player chooses a way to identify — the tab from the query
 * `identification` (KYC-04…06) — and sees the outcome in the spec's dialogs (§8).
 */
export function IdentificationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('identification.title'));
  const session = useSession();
  const { show } = useSidebars();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<IdentificationTab>(() => identificationTab(params.get('identification')));
  const [cardHidden, setCardHidden] = useState(false);
  const [outcome, setOutcome] = useState<FlowOutcome | null>(null);
  const status = useIdentificationStatus(session.authenticated);
  const playerInfo = usePlayerInfo();
  const player = playerInfo.data;
  // DIS-09: documents awaiting review bring the review warning — not over an outcome dialog saying as much.
  useIdentityReviewWarning(outcome === null && status.data?.documentsAwaitingReview === true && !status.data.mayPlayForReal);

  useEffect(() => {
    if (session.checked && !session.authenticated && !session.quickRegistration) show({ name: 'signup' });
  }, [session.checked, session.authenticated, session.quickRegistration, show]);

  const finish = (result: FlowOutcome) => {
    // KYC-34: a failed check leads to the document upload.
    if (result === 'authFailed') setTab('DOCUMENT');
    setOutcome(result);
  };

  let body;
  // The flows start from the player's profile (names, address), so they wait for it.
  if (!session.checked || (session.authenticated && (status.isPending || playerInfo.isPending)))
    body = <p className="identification__state">{t('identification.loading')}</p>;
  else if (!session.authenticated)
    body = <p className="identification__state">{session.quickRegistration ? t('identification.quickReg') : t('identification.lead')}</p>;
  else if (status.data?.mayPlayForReal) {
    body = (
      <div className="identification__notice" data-testid="identification-verified">
        <h2>{t('identification.verified.title')}</h2>
        <p>{t('identification.verified.text')}</p>
        <Link className="button button--primary" to={paths.home.getHref()}>
          {t('identification.verified.action')}
        </Link>
      </div>
    );
  } else if (status.data?.documentsAwaitingReview) {
    body = (
      <div className="identification__notice" data-testid="identification-review">
        <h2>{t('identification.review.title')}</h2>
        <p>{t('identification.review.text')}</p>
        <DocumentsSection />
      </div>
    );
  } else if (status.data?.identityScheme !== 'REGISTER') {
    // Ireland and Great Britain (issue 27): one form — an identity document and a proof of address.
    body = (
      <>
        <p className="identification__lead">{t('identification.lead.document')}</p>
        <IdentityDocumentFlow player={player} onOutcome={finish} />
      </>
    );
  } else {
    const items = [
      ...(cardHidden
        ? []
        : [
            {
              value: 'CARD' as const,
              label: t('identification.tab.CARD'),
              content: (
                <CardTab
                  onUnavailable={() => {
                    setCardHidden(true);
                    finish('authFailed');
                  }}
                  onOutcome={finish}
                />
              ),
            },
          ]),
      { value: 'ID' as const, label: t('identification.tab.ID'), content: <IdFlow player={player} onOutcome={finish} /> },
      { value: 'DOCUMENT' as const, label: t('identification.tab.DOCUMENT'), content: <DocumentFlow player={player} onOutcome={finish} /> },
    ];
    body = (
      <>
        <p className="identification__lead">{t('identification.lead')}</p>
        <Tabs<IdentificationTab>
          label={t('identification.tabs')}
          items={items}
          value={cardHidden && tab === 'CARD' ? 'DOCUMENT' : tab}
          onValueChange={setTab}
          testId="identification-tabs"
        />
      </>
    );
  }

  return (
    <section className="identification" data-testid="identification-page" aria-labelledby="identification-title">
      <h1 id="identification-title" className="identification__title">
        {t('identification.title')}
      </h1>
      {body}
      {outcome === 'identified' || outcome === 'documents' ? (
        <ResultDialog
          tone="success"
          title={t('identification.dialog.submitted')}
          message={t(outcome === 'identified' ? 'identification.dialog.identifiedText' : 'identification.dialog.documentsText')}
          actionLabel={t('identification.dialog.proceed')}
          onAction={() => void navigate(paths.home.getHref())}
          testId="identification-success-dialog"
        />
      ) : null}
      {outcome === 'authFailed' ? (
        <ResultDialog
          tone="failure"
          title={t('identification.dialog.authFailed')}
          message={t('identification.dialog.authFailedText')}
          actionLabel={t('identification.dialog.documentUpload')}
          onAction={() => {
            setTab('DOCUMENT');
            setOutcome(null);
          }}
          testId="identification-auth-failed-dialog"
        />
      ) : null}
      {outcome === 'completionFailed' ? (
        <ResultDialog
          tone="failure"
          title={t('identification.dialog.completionFailed')}
          message={t('identification.dialog.completionFailedText')}
          actionLabel={t('identification.dialog.close')}
          onAction={() => setOutcome(null)}
          testId="identification-completion-failed-dialog"
        />
      ) : null}
    </section>
  );
}
