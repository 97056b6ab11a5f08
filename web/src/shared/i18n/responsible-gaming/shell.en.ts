/**
 * The responsible-gaming strings every page carries (footer links, the home strip, the sign-up
 * prompt, the portal's reality check and the lock notice), kept apart from the limits page's
 * strings so the home page does not download those.
 */
export const responsibleGamingShellEn = {
  'rgShell.footer.title': 'Safer gambling',
  'rgShell.footer.limits': 'Set your limits',
  'rgShell.footer.age': '18+ only. Gambling can be addictive: play responsibly.',
  'rgShell.footer.newTab': '(opens in a new tab)',
  'rgShell.footer.gambleAware': 'BeGambleAware',
  'rgShell.footer.gamCare': 'GamCare',
  'rgShell.footer.gamstop': 'GAMSTOP',
  'rgShell.footer.gamblingCare': 'Gambling Care (Ireland)',

  'rgShell.strip.title': 'Stay in control',
  'rgShell.strip.text': 'Deposit, loss and time limits, reality checks and breaks: set them in a minute.',
  'rgShell.strip.link': 'Set your limits',

  'rgShell.welcome.title': 'Welcome! Would you like to set your limits now?',
  'rgShell.welcome.text': 'Deposit, loss and time limits help you play within your budget. It takes a minute, and you can change them later.',
  'rgShell.welcome.open': 'Set my limits',
  'rgShell.welcome.later': 'Not now',

  'rgShell.reality.title': 'Reality check',
  'rgShell.reality.played': 'You have been playing for {{time}}.',
  'rgShell.reality.today': 'Today: {{time}}.',
  'rgShell.reality.net': 'Net position this session',
  'rgShell.reality.noPlay': 'No real-money rounds yet',
  'rgShell.reality.hours': '{{hours}} h {{minutes}} min',
  'rgShell.reality.minutes': '{{minutes}} min',
  'rgShell.reality.continue': 'Continue',
  'rgShell.reality.logout': 'Log out',
  'rgShell.reality.history': 'View history',
  'rgShell.reality.failed': 'That did not work. Please try again.',

  'rgShell.lock.title.TIMEOUT': 'Your timeout has started',
  'rgShell.lock.title.EXCLUSION': 'You have excluded yourself',
  'rgShell.lock.until': 'Your account is closed to play until {{date}}.',
  'rgShell.lock.loggedOut': 'You have been logged out. This message closes by itself.',
  'rgShell.lock.ok': 'OK',
  'rgShell.lock.loggedOutStays': 'You have been logged out.',
  'rgShell.lock.payback.title': 'Your cash balance',
  'rgShell.lock.payback.paid': '{{amount}} has been paid back to {{destination}}.',
  'rgShell.lock.payback.pending': '{{amount}} is being paid back to {{destination}}.',
  'rgShell.lock.payback.staff': '{{amount}} will be returned to you by our payments team, who will contact you about where to send it.',
  'rgShell.lock.payback.processing': 'Your cash balance is being paid back to the methods you deposited with; we will send you a message saying where.',
  'rgShell.lock.payback.message': 'You will also find this in your messages.',
} satisfies Record<string, string>;

export type ResponsibleGamingShellKey = keyof typeof responsibleGamingShellEn;
