/**
 * Times of day as the player's locale writes them. Both of the client's locales (en-IE for
 * English, mk-MK) keep a 24-hour clock, and so does en-GB; some browsers' locale data still answer
 * Macedonian with a 12-hour clock and a day-period word, so the hour cycle is set explicitly.
 */
export function timeOfDay(locale: string, options: { seconds?: boolean; timeZone?: string } = {}): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
}
