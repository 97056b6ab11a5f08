// The accounts module's public face: players, their credentials and profile. Other modules read
// and change players only through these functions.
export { hashPassword } from './password-hashing';
export { associateAccounts, findPlayer, findPlayerByEmail, findPlayerBySignInName, updatePlayer, type NewPlayer } from './players.repository';
// The documents module checks a declared document's issuing country against the same list.
export { ISO_COUNTRY_CODES } from './countries';
export { publicUrl } from './public-url';
export { attachPlayerListeners, type PlayerListeners, type RegisteredPlayer } from './player-events';
export { playerIdentityJoin } from './player-identity';
export { playerPlayIdentitySql, playerPlayProfile, playerRulesCountry, playerRulesCountrySql, primaryCurrencyOf } from './play-identity';
export {
  listJurisdictionMismatches,
  markJurisdictionMismatchReviewed,
  noteCountries,
  type AddressPlace,
  type JurisdictionMismatch,
} from './player-jurisdiction';
export { playerSignInChecks } from './sign-in-checks';
// The account-holder register (issue 29 item 9): a player's personal data replaced in place.
export { anonymisedAt, anonymisePlayer, playersSignedUpBefore } from './anonymise';
export { confirmCurrentPassword } from './confirm-password';
// The daily GAMSTOP re-check of active GB players (issue 29 item 6).
export { activeGbPlayers } from './register-recheck';
