import type { z } from 'zod';
import type {
  gameSessionResponseSchema,
  jurisdictionRulesSchema,
  launchResponseSchema,
  rotateSeedResponseSchema,
  roundSummarySchema,
  roundsResponseSchema,
  spinResponseSchema,
  titleConfigSchema,
  verifyResponseSchema,
} from './play';
import type { openRoundResponseSchema } from './table-games';
import type { answerRealityCheckResponseSchema, playStatusSchema } from '../platform/limits/limits';

/**
 * The game server's answers as types, for clients that must not bundle the schemas (the game
 * client): `import type` from here costs nothing at run time. Money is in major units on the wire.
 */
export type LaunchAnswer = z.infer<typeof launchResponseSchema>;
export type GameSessionAnswer = z.infer<typeof gameSessionResponseSchema>;
export type TitleConfigAnswer = z.infer<typeof titleConfigSchema>;
export type JurisdictionRulesAnswer = z.infer<typeof jurisdictionRulesSchema>;
export type FairnessAnswer = GameSessionAnswer['fairness'];
/** Every round operation's answer (spin, drop, start, pick, cash-out, deal, action); `outcome` is the kind's view (`outcomes.ts`). */
export type RoundAnswer = z.infer<typeof spinResponseSchema>;
export type OpenRoundAnswer = z.infer<typeof openRoundResponseSchema>;
export type RoundsAnswer = z.infer<typeof roundsResponseSchema>;
export type RoundSummaryAnswer = z.infer<typeof roundSummarySchema>;
export type RotateSeedsAnswer = z.infer<typeof rotateSeedResponseSchema>;
export type VerifyAnswer = z.infer<typeof verifyResponseSchema>;
/** GET /gs/play-status and POST /gs/reality-check (issue 12): the limits module's play status and reality-check answer, in a real-money game. */
export type PlayStatusAnswer = z.infer<typeof playStatusSchema>;
export type AnswerRealityCheckAnswer = z.infer<typeof answerRealityCheckResponseSchema>;
