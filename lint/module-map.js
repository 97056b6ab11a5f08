// The server's module map (docs/architecture.md §2): which folders are modules, and which module
// owns each table. A folder not listed is shared infrastructure (db, http, config, logging, the
// service context and the plugins that compose the modules).

/** Module roots, most specific first. */
export const MODULE_ROOTS = [
  'server/platform/accounts',
  'server/platform/address',
  'server/platform/bonuses',
  'server/platform/cashier',
  'server/platform/consents',
  'server/platform/documents',
  'server/platform/exclusion-register',
  'server/platform/games',
  'server/platform/identification',
  'server/platform/kyc',
  'server/platform/limits',
  'server/platform/messages',
  'server/platform/password-reset',
  'server/platform/referrals',
  'server/platform/ping',
  'server/platform/session',
  'server/platform/social',
  'server/platform/throttle',
  'server/platform/wallet',
  'server/sandbox/mail',
  'server/sandbox/payments',
  'server/back-office',
  'server/games',
  'server/content',
  'server/management',
  'server/mail',
  'server/seed',
];

/** Each module's tables: the schema export name and the SQL name. */
export const TABLE_OWNERS = {
  'server/platform/accounts': {
    player: 'player',
    playerCurrencyAccount: 'player_currency_account',
    emailConfirmation: 'email_confirmation',
    jurisdictionMismatch: 'jurisdiction_mismatch',
    emailChange: 'email_change',
  },
  'server/platform/session': { playerSession: 'player_session' },
  'server/platform/consents': { consentVersion: 'consent_version', playerConsent: 'player_consent' },
  'server/platform/password-reset': { passwordReset: 'password_reset' },
  'server/platform/throttle': { throttleBucket: 'throttle_bucket' },
  'server/platform/social': { socialAccount: 'social_account', socialLoginState: 'social_login_state' },
  'server/platform/wallet': {
    walletAccount: 'wallet_account',
    walletTransaction: 'wallet_transaction',
    walletEntry: 'wallet_entry',
  },
  'server/platform/cashier': {
    payment: 'payment',
    paymentEvent: 'payment_event',
    storedCard: 'stored_card',
    cashierPreference: 'cashier_preference',
  },
  'server/platform/limits': { rgLimit: 'rg_limit', rgPlayClock: 'rg_play_clock', rgLock: 'rg_lock' },
  'server/platform/games': { gameFavourite: 'game_favourite' },
  'server/platform/bonuses': { bonusPlan: 'bonus_plan', playerBonus: 'player_bonus', freeSpinPlan: 'free_spin_plan', freeSpinGrant: 'free_spin_grant', freeSpinRound: 'free_spin_round' },
  'server/platform/referrals': {
    referralCode: 'referral_code',
    referralInvitation: 'referral_invitation',
    referral: 'referral',
    referralReward: 'referral_reward',
  },
  'server/platform/exclusion-register': { exclusionRegisterCheck: 'exclusion_register_check' },
  'server/platform/documents': { userDocument: 'user_document', userDocumentFile: 'user_document_file' },
  'server/platform/messages': { playerMessage: 'player_message' },
  'server/games': {
    gameSeed: 'game_seed',
    gameLaunchToken: 'game_launch_token',
    gameSession: 'game_session',
    gameRound: 'game_round',
  },
  'server/back-office': {
    staffMember: 'staff_member',
    staffSession: 'staff_session',
    staffNote: 'staff_note',
    staffAudit: 'staff_audit',
    staffAuditHead: 'staff_audit_head',
  },
  'server/content': { contentPost: 'content_post' },
  'server/mail': { mailOutbox: 'mail_outbox' },
  'server/sandbox/payments': { sandboxPspPayment: 'sandbox_psp_payment', sandboxPspCard: 'sandbox_psp_card' },
};
