// Play rules per jurisdiction: shared by every module that decides by the player's country (the game
// server's rounds, the accounts' rules country, inducements, credit funding, duty reports). It
// imports nothing of ours, so any module may ask it without closing an import circle.
export * from './jurisdiction-rules';
