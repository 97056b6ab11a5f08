import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { auditActionSchema } from '../../../../contracts/back-office/audit';
import { registerCheckSchema } from '../../../../contracts/back-office/exclusion-register';
import { BONUS_PLAN_KINDS } from '../../../../contracts/back-office/bonus-plans';
import { financialCheckRuleSchema, financialCheckSchema } from '../../../../contracts/back-office/financial-checks';
import { flagReasonSchema, interactionOutcomeSchema, LIMIT_REACHED_REASONS } from '../../../../contracts/back-office/flags';
import { gamingProductSchema } from '../../../../contracts/back-office/gaming-duty';
import { adjustmentDirectionSchema, adjustmentSchema } from '../../../../contracts/back-office/payments';
import { staffPermissionSchema, staffRoleSchema } from '../../../../contracts/back-office/permissions';
import { CASHIER_PAYMENT_STATUSES, gameModeSchema, playerPaymentSchema, roundStatusSchema } from '../../../../contracts/back-office/player-records';
import { identityProviderSchema, rulesJurisdictionSchema } from '../../../../contracts/back-office/players';
import { REMOVAL_REQUESTERS, removalBlockedReasonSchema, removalReasonSchema, removalStatusSchema } from '../../../../contracts/back-office/register-removals';
import { registrationStatusSchema } from '../../../../contracts/platform/accounts/get-player-info';
import { supportConversationSchema } from '../../../../contracts/support/support';
import { KYC_STATUSES } from '../../../../contracts/platform/accounts/identity-gate';
import { BONUS_PRODUCTS, BONUS_STATUSES } from '../../../../contracts/platform/bonuses/bonuses';
import { paymentMethodCodeSchema } from '../../../../contracts/platform/cashier/payment-methods';
import { documentTypeCodes } from '../../../../contracts/platform/documents/document-types';
import { documentFileSideSchema, documentStatusSchema } from '../../../../contracts/platform/documents/user-documents';
import { inducementKinds } from '../../../../contracts/platform/inducements/inducements';
import { limitTypeSchema, lockPeriodUnitSchema, lockTypeSchema, periodTypeSchema } from '../../../../contracts/platform/limits/limits';
import { consentChangedBySchema } from '../../../../contracts/platform/marketing/marketing-consents';
import { playerMessageKindSchema } from '../../../../contracts/platform/messages/get-player-messages';
import { macedonianCountryNames } from '../../shared/i18n/countries-mk';

/**
 * Every kind of code the server sends staff, with the codes the contracts allow and where its words
 * are: `${prefix}.${code}` in the back office's strings (en and mk; document kinds in the documents
 * area's, as the player's documents page names them). Staff read these words, never the code
 * (issue 27 item 12); `codes.test.ts` asks for each code's words in both languages.
 */
export const codeKinds = {
  kycStatus: { prefix: 'bo.code.kycStatus', codes: KYC_STATUSES },
  identityProvider: { prefix: 'bo.code.identityProvider', codes: identityProviderSchema.options },
  registrationStatus: { prefix: 'bo.code.registrationStatus', codes: registrationStatusSchema.options },
  rulesJurisdiction: { prefix: 'bo.code.rulesJurisdiction', codes: rulesJurisdictionSchema.options },
  paymentMethod: { prefix: 'bo.code.paymentMethod', codes: paymentMethodCodeSchema.options },
  paymentType: { prefix: 'bo.records', codes: playerPaymentSchema.shape.type.options },
  paymentStatus: { prefix: 'bo.records.paymentStatus', codes: CASHIER_PAYMENT_STATUSES },
  roundStatus: { prefix: 'bo.records.roundStatus', codes: roundStatusSchema.options },
  gameMode: { prefix: 'bo.records.mode', codes: gameModeSchema.options },
  documentType: { prefix: 'documents.type', codes: documentTypeCodes },
  documentStatus: { prefix: 'bo.code.documentStatus', codes: documentStatusSchema.options },
  documentSide: { prefix: 'bo.code.documentSide', codes: documentFileSideSchema.options },
  lockType: { prefix: 'bo.lock', codes: lockTypeSchema.options },
  lockPeriodUnit: { prefix: 'bo.lock', codes: lockPeriodUnitSchema.options },
  limitType: { prefix: 'bo.code.limitType', codes: limitTypeSchema.options },
  limitPeriod: { prefix: 'bo.code.limitPeriod', codes: periodTypeSchema.options },
  messageKind: { prefix: 'bo.code.messageKind', codes: playerMessageKindSchema.options },
  auditAction: { prefix: 'bo.code.auditAction', codes: auditActionSchema.options },
  permission: { prefix: 'bo.code.permission', codes: staffPermissionSchema.options },
  staffRole: { prefix: 'bo.staff.role', codes: staffRoleSchema.options },
  flagReason: { prefix: 'bo.flags.reason', codes: flagReasonSchema.options },
  limitReached: { prefix: 'bo.code.limitReached', codes: LIMIT_REACHED_REASONS },
  supportStatus: { prefix: 'bo.code.supportStatus', codes: supportConversationSchema.shape.status.options },
  interactionOutcome: { prefix: 'bo.flags.outcome', codes: interactionOutcomeSchema.options },
  bonusStatus: { prefix: 'bo.code.bonusStatus', codes: BONUS_STATUSES },
  bonusPlanKind: { prefix: 'bo.bonusPlans.kind', codes: BONUS_PLAN_KINDS },
  bonusProduct: { prefix: 'bo.bonusPlans.product', codes: BONUS_PRODUCTS },
  adjustmentDirection: { prefix: 'bo.adjustments', codes: adjustmentDirectionSchema.options },
  adjustmentStatus: { prefix: 'bo.code.adjustmentStatus', codes: adjustmentSchema.shape.status.options },
  removalReason: { prefix: 'bo.register.reason', codes: removalReasonSchema.options },
  removalStatus: { prefix: 'bo.register.status', codes: removalStatusSchema.options },
  removalRequester: { prefix: 'bo.code.removalRequester', codes: REMOVAL_REQUESTERS },
  removalBlocked: { prefix: 'bo.register.blocked', codes: removalBlockedReasonSchema.options },
  financialCheckRule: { prefix: 'bo.financialChecks.rule', codes: financialCheckRuleSchema.options },
  financialCheckStatus: { prefix: 'bo.financialChecks.status', codes: financialCheckSchema.shape.status.options },
  financialCheckOutcome: { prefix: 'bo.financialChecks.outcome', codes: financialCheckSchema.shape.outcome.unwrap().options },
  inducement: { prefix: 'bo.inducement', codes: inducementKinds },
  dutyProduct: { prefix: 'bo.duty.product', codes: gamingProductSchema.options },
  consentChangedBy: { prefix: 'bo.player.marketingBy', codes: consentChangedBySchema.options },
  registerCheckPlace: { prefix: 'bo.registerChecks.place', codes: registerCheckSchema.shape.place.options },
  registerCheckAnswer: { prefix: 'bo.registerChecks.answer', codes: registerCheckSchema.shape.answer.options },
} as const satisfies Record<string, { prefix: string; codes: readonly string[] }>;

export type CodeKind = keyof typeof codeKinds;

/** The key of a code's words. */
export const codeKey = (kind: CodeKind, code: string): string => `${codeKinds[kind].prefix}.${code}`;

/**
 * A code nobody has words for yet (one added to the server after this build), made readable rather
 * than shown raw or blank: "SOME_NEW_CODE" → "Some new code", "staff.resetTwoFactor" → "Staff reset two factor".
 */
export function readableCode(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length === 0) return code.trim() || '—';
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Words for a code of a kind, in the interface's language; "—" for none. */
export function useCodeLabel(): (kind: CodeKind, code: string | null | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (kind: CodeKind, code: string | null | undefined) => (code ? t(codeKey(kind, code) as 'bo.loading', { defaultValue: readableCode(code) }) : '—'),
    [t],
  );
}

/**
 * A country's name in the interface's language, the code itself where there is none. Macedonian
 * names come from the portal's CLDR table: Chromium's ICU data has no Macedonian.
 */
export function useCountryName(): (code: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (code: string | null | undefined) => {
      if (!code) return '—';
      const upper = code.toUpperCase();
      if (language === 'mk' && macedonianCountryNames[upper]) return macedonianCountryNames[upper];
      try {
        return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(upper) ?? code;
      } catch {
        return code;
      }
    },
    [language],
  );
}
