// The accounts module's public face: players, their credentials and profile. Other modules read
// and change players only through these functions.
export { hashPassword } from './password-hashing';
export { associateAccounts, findPlayer, findPlayerByEmail, findPlayerBySignInName, updatePlayer, type NewPlayer } from './players.repository';
export { publicUrl } from './public-url';
export { onKycStatusChanged, onPlayerRegistered, type RegisteredPlayer } from './player-events';
export { playerIdentityJoin } from './player-identity';
export { playerPlayIdentitySql, playerPlayProfile, playerRulesCountry, primaryCurrencyOf } from './play-identity';
export {
  listJurisdictionMismatches,
  markJurisdictionMismatchReviewed,
  noteCountries,
  type AddressPlace,
  type JurisdictionMismatch,
} from './player-jurisdiction';
export { getPlayerInfoRoutes } from './get-player-info.handler';
export { loginRoutes } from './login.handler';
export { quickSignupCompletionRoutes } from './quick-signup-completion.handler';
export { quickSignupRoutes } from './quick-signup.handler';
export { signupRoutes } from './signup.handler';
export { getLtdDataRoutes } from './get-ltd-data.handler';
export { updatePasswordRoutes } from './update-password.handler';
export { updatePlayerInfoRoutes } from './update-player-info.handler';
