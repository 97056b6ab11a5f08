import { z } from 'zod/mini';

/**
 * The one catalogue of error statuses the services answer with. The server builds its error
 * responses from it and the web app reads it to decide what a failed call means (spec 000 §8).
 */
export const errorCatalogue = {
  VALIDATION_ERROR: { httpStatus: 400, message: 'The request has invalid fields' },
  // Only for a framework's client error that has no code of its own below; our own refusals each have theirs.
  BAD_REQUEST: { httpStatus: 400, message: 'The request could not be understood' },
  MALFORMED_BODY: { httpStatus: 400, message: 'The request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { httpStatus: 415, message: 'This content type is not accepted here; send application/json' },
  BODY_TOO_LARGE: { httpStatus: 413, message: 'The request body is too large' },
  MALFORMED_URL: { httpStatus: 400, message: 'The address is not valid' },
  URL_TOO_LONG: { httpStatus: 414, message: 'The address is too long' },
  NOT_LOGGED_IN_ERROR: { httpStatus: 401, message: 'You are not logged in' },
  INVALID_SESSIONKEY: { httpStatus: 401, message: 'Session has expired. Please log in again.' },
  FORBIDDEN: { httpStatus: 403, message: 'You are not authorized to access this page.' },
  // A state-changing call or a WebSocket upgrade sent from another site's page (DEF-08): refused before it is read.
  FOREIGN_ORIGIN: { httpStatus: 403, message: "Requests from another site's pages are not accepted here" },
  AGE_VERIFICATION_REQUIRED: { httpStatus: 403, message: 'Age verification is required before play. Please log in or join.' },
  NOT_FOUND: { httpStatus: 404, message: 'Not found' },
  INVALID_CREDENTIALS: { httpStatus: 400, message: 'Invalid username or password' },
  INVALID_RESET_KEY: { httpStatus: 400, message: 'This reset key is not valid or has expired. Please request a new one.' },
  INVALID_CONFIRMATION_CODE: { httpStatus: 400, message: 'This confirmation link is not valid or has expired.' },
  JURISDICTION_NOT_ALLOWED: { httpStatus: 400, message: 'Signup is not allowed from your jurisdiction.' },
  REGISTRATION_ALREADY_COMPLETE: { httpStatus: 409, message: 'Your registration is already complete' },
  DUPLICATE: { httpStatus: 409, message: 'We were unable to create your account, please contact support and quote error code DA.' },
  // The cashier and the wallet (spec 001 §4, §8).
  KYCFAILED: { httpStatus: 403, message: 'KYC failed. Please contact Customer Support.' },
  LOW_LIMIT: { httpStatus: 400, message: 'Reached deposit limit min.' },
  HIGH_LIMIT: { httpStatus: 400, message: 'Reached deposit limit max.' },
  INSUFFICIENT_FUNDS: { httpStatus: 400, message: 'The amount is more than your withdrawable balance' },
  INSUFFICIENT_POINTS: { httpStatus: 400, message: 'You do not have enough loyalty points for this cart' },
  PAYMENT_METHOD_NOT_AVAILABLE: { httpStatus: 400, message: 'This payment method is not available' },
  // Closed loop (issue 11, defect 4): money goes back only where it came from.
  WITHDRAWAL_DESTINATION_NOT_ALLOWED: {
    httpStatus: 400,
    message: 'Withdrawals are paid only to a card, bank account or e-wallet account you have deposited from',
  },
  PAYMENT_DECLINED: { httpStatus: 402, message: 'The payment was declined by the provider' },
  // A payment that never reached the provider: no one declined it, and nothing was taken.
  PAYMENT_NOT_COMPLETED: { httpStatus: 402, message: 'The payment did not go through and nothing was taken' },
  PAYMENT_NOT_FOUND: { httpStatus: 404, message: 'Payment not found' },
  STORED_CARD_NOT_FOUND: { httpStatus: 404, message: 'The card is not stored for your account' },
  QUOTE_EXPIRED: { httpStatus: 409, message: 'The quote has expired. Please request a new one.' },
  PAYMENT_ALREADY_STARTED: { httpStatus: 400, message: 'This payment has already been started' },
  // The payment provider's notifications (webhook), which only the provider sends.
  INVALID_NOTIFICATION: { httpStatus: 400, message: 'The payment notification could not be read' },
  NOTIFICATION_MISMATCH: { httpStatus: 400, message: 'The payment notification does not match the payment' },
  // Responsible gaming (RG-*, DEF-11): limits, time limits, the reality check and locks, refused on the server.
  LOSS_LIMIT_REACHED: { httpStatus: 403, message: 'This bet could take you past your loss limit.' },
  WAGER_LIMIT_REACHED: { httpStatus: 403, message: 'This bet would take you past your wager limit.' },
  LIMIT_CURRENCY_NOT_SET: {
    httpStatus: 403,
    message: 'Your limits are set in another currency. Set them for this currency before playing or depositing in it.',
  },
  SESSION_LIMIT_REACHED: { httpStatus: 403, message: 'You have reached your session time limit. Real-money play is paused until you take a break.' },
  GAME_TIME_LIMIT_REACHED: { httpStatus: 403, message: 'You have reached your daily game time limit. Real-money play is paused until tomorrow.' },
  REALITY_CHECK_DUE: { httpStatus: 403, message: 'Please answer the reality check to continue playing.' },
  PLAYER_LOCKED: { httpStatus: 403, message: 'Your account is closed to play at your request until the date shown.' },
  EXCLUSION_RETURN_REQUIRED: { httpStatus: 403, message: 'Your self-exclusion has ended. Ask to return to your account; it reopens 24 hours after you ask.' },
  // A restricted session (a time-out, issue 26 defect 4) at an operation not open to it; the message names the time-out's end.
  ACCOUNT_RESTRICTED: {
    httpStatus: 403,
    message: 'You are on a time-out. Until it ends only your balance, withdrawals, responsible gaming tools and support are open.',
  },
  EXCLUSION_REGISTER: { httpStatus: 403, message: 'You are registered with a national self-exclusion scheme, so we cannot open an account or let you play.' },
  LIMIT_NOT_CONFIRMABLE: { httpStatus: 400, message: 'This limit change can be confirmed only after its cooling-off period.' },
  // Inducements closed by the player's jurisdiction (Ireland: Gambling Regulation Act 2024, s. 157): loyalty points and shop, refer a friend, bonus offers.
  INDUCEMENTS_NOT_AVAILABLE: { httpStatus: 403, message: 'Bonus offers, loyalty rewards and refer-a-friend rewards are not available in your jurisdiction.' },
  // A marketing send the player's product × channel consent does not allow (UKGC SR 5.1.12): nothing is sent.
  MARKETING_CONSENT_REQUIRED: { httpStatus: 403, message: 'This needs your consent to marketing of this product by this channel.' },
  STAKE_OVER_JURISDICTION_MAX: { httpStatus: 400, message: 'This stake is over the maximum allowed for your jurisdiction.' },
  // The game server's rounds.
  WRONG_GAME: { httpStatus: 400, message: 'This game session is for another game' },
  ROUND_IN_PLAY: { httpStatus: 400, message: 'Finish the round in play first' },
  ILLEGAL_MOVE: { httpStatus: 400, message: 'This move is not allowed now' },
  SEED_NOT_REVEALED: { httpStatus: 400, message: 'The server seed of this round is not revealed yet; rotate seeds to verify it' },
  // A game session ended by the jurisdiction's one-slot-at-a-time rule (GB; ARCHITECTURE §7d).
  GAME_SESSION_ENDED: { httpStatus: 409, message: 'This game session has ended' },
  IDEMPOTENCY_CONFLICT: { httpStatus: 409, message: 'This request id was already used for a different request' },
  TRANSACTION_NOT_FOUND: { httpStatus: 404, message: 'No transaction with this id' },
  INVALID_SIGNATURE: { httpStatus: 401, message: 'The request signature is not valid' },
  // The account area and player messages (issue 13).
  WRONG_PASSWORD: { httpStatus: 400, message: 'The current password is not correct' },
  READ_ONLY_FIELD: { httpStatus: 400, message: 'This field cannot be changed' },
  EMAIL_IN_USE: { httpStatus: 409, message: 'This e-mail address cannot be used' },
  // Chat nicknames are unique without regard to case (issue 27).
  NICKNAME_TAKEN: { httpStatus: 409, message: 'This nickname is taken; choose another' },
  // A manual adjustment identical to a recent one asks staff to confirm (issue 27 item 13).
  DUPLICATE_ADJUSTMENT: { httpStatus: 409, message: 'An identical adjustment was requested recently; confirm to request it again' },
  MESSAGE_NOT_FOUND: { httpStatus: 404, message: 'Not found' },
  // The account-holder register (issue 29 item 9): an account holding money, or a withdrawal under way, is not removed.
  ACCOUNT_REMOVAL_BLOCKED: {
    httpStatus: 409,
    message: 'This account still holds money or has a withdrawal under way; it can be removed once that is paid out',
  },
  TOO_MANY_REQUESTS: { httpStatus: 429, message: 'Too many requests, please try again later' },
  SOCIAL_LOGIN_UNAVAILABLE: { httpStatus: 503, message: 'Signing in with this provider is not available right now. Please try again later.' },
  SERVICE_UNAVAILABLE: { httpStatus: 503, message: 'The service is not available right now' },
  SERVER_ERROR: { httpStatus: 500, message: 'An internal server error has occurred' },
} as const satisfies Record<string, { httpStatus: number; message: string }>;

export type ErrorStatus = keyof typeof errorCatalogue;

/** Statuses that end the player's session in the client (CONST-07, SESS, DEF-09). */
export const sessionEndingStatuses: readonly string[] = ['NOT_LOGGED_IN_ERROR', 'INVALID_SESSIONKEY'];

export const fieldErrorSchema = z.object({
  field: z.string(),
  error: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.optional(z.array(fieldErrorSchema)),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
