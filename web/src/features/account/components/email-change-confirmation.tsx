import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { forgetQuery } from '../../../shared/address/forget-query';
import { useConfirmEmailChange } from '../api/confirm-email-change';

const CODE = 'emailChangeCode';

/**
 * ACC-20: the link e-mailed to a new address opens /account?emailChangeCode=…; the code is sent
 * once and taken out of the address bar so it does not stay in the browser's history.
 */
export function EmailChangeConfirmation() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const confirm = useConfirmEmailChange();
  const [code] = useState(() => search.get(CODE));
  const sent = useRef(false);
  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    forgetQuery([CODE]);
    confirm.mutate(code);
  }, [code, confirm]);
  if (confirm.isSuccess) {
    return (
      <p className="form-success account__banner" role="status" data-testid="email-change-confirmed">
        {t('account.contact.emailConfirmed', { email: confirm.data.email })}
      </p>
    );
  }
  if (confirm.isError) {
    return (
      <p className="form-alert account__banner" role="alert" data-testid="email-change-failed">
        {t('account.contact.emailConfirmFailed')}
      </p>
    );
  }
  return null;
}
