// Refer a friend's public face (issue 14; server/platform/referrals/README.md): invitations, the referral link
// and cookie, linking at sign-up, and the referrer's reward when a friend qualifies.
export { referralsPlugin } from './referrals.plugin';
export { referralPlayerListeners } from './player-listeners';
export { ensureReferralCode, referFriend, referralCodeOf, referralLinkOf, referralsOf } from './referrals.service';
export { kycStatusChanged, referralDepositPolicy, referralSettings, type ReferralSettings, VERIFIED_KYC_STATUSES } from './qualification';
