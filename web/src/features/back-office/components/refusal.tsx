import { useTranslation } from 'react-i18next';
import { BackOfficeError } from '../api/back-office-request';

/**
 * Why the server refused a staff action that no field of the form explains (a locked player, a
 * jurisdiction's closed offers, a missing permission): said in words under the form, by the refusal's
 * code where there are words for it, else as the server said it. Without this a 403 naming a field the
 * form does not have (`inducement`, `bonus`) left staff with nothing on screen.
 */
export function Refusal({ error, fields }: { error: unknown; fields: readonly string[] }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (!(error instanceof BackOfficeError)) {
    return (
      <p role="alert" className="bo-refusal" data-testid="bo-refusal">
        {t('bo.failed')}
      </p>
    );
  }
  if (error.fieldErrors.some((entry) => fields.includes(entry.field))) return null;
  const words = error.code ? t(`bo.refusals.${error.code}` as 'bo.failed', { defaultValue: '' }) : '';
  return (
    <p role="alert" className="bo-refusal" data-testid="bo-refusal" data-code={error.code ?? undefined}>
      {words || error.message}
    </p>
  );
}

/** The error the server named `field` with, if any: a refusal of the whole action is the Refusal's to say. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined =>
  error instanceof BackOfficeError ? error.fieldErrors.find((entry) => entry.field === field)?.error : undefined;
