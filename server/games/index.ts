// The game server's public face: what other modules may use of it. Add exports here rather than
// importing the game server's internal files.
export { JURISDICTION_RULES, JURISDICTION_STRICTNESS, rulesFor, strictestCountry, type JurisdictionRules } from './play/jurisdiction-rules';
