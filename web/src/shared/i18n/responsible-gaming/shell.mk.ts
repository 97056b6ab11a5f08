import type { ResponsibleGamingShellKey } from './shell.en';

/** The responsible-gaming strings of every page, in Macedonian (I18N-03). The organisations keep their own names. */
export const responsibleGamingShellMk: Record<ResponsibleGamingShellKey, string> = {
  'rgShell.footer.title': 'Безбедно играње',
  'rgShell.footer.limits': 'Поставете ги вашите лимити',
  'rgShell.footer.age': 'Само за 18+. Коцкањето може да создаде зависност: играјте одговорно.',
  'rgShell.footer.newTab': '(се отвора во нова картичка)',
  'rgShell.footer.gambleAware': 'BeGambleAware',
  'rgShell.footer.gamCare': 'GamCare',
  'rgShell.footer.gamstop': 'GAMSTOP',
  'rgShell.footer.gamblingCare': 'Gambling Care (Ирска)',

  'rgShell.strip.title': 'Останете во контрола',
  'rgShell.strip.text': 'Лимити за уплата, загуба и време, проверки на реалноста и паузи: поставете ги за една минута.',
  'rgShell.strip.link': 'Поставете ги лимитите',

  'rgShell.welcome.title': 'Добредојдовте! Дали сакате сега да ги поставите лимитите?',
  'rgShell.welcome.text': 'Лимитите за уплата, загуба и време ви помагаат да играте во рамките на буџетот. Трае една минута, а подоцна можете да ги промените.',
  'rgShell.welcome.open': 'Постави ги лимитите',
  'rgShell.welcome.later': 'Не сега',

  'rgShell.reality.title': 'Проверка на реалноста',
  // The times end in an abbreviation with its own full stop (мин., ч.).
  'rgShell.reality.played': 'Играте веќе {{time}}',
  'rgShell.reality.today': 'Денес: {{time}}',
  'rgShell.reality.net': 'Нето-состојба во оваа сесија',
  'rgShell.reality.noPlay': 'Сè уште нема рунди со вистински пари',
  'rgShell.reality.hours': '{{hours}} ч. {{minutes}} мин.',
  'rgShell.reality.minutes': '{{minutes}} мин.',
  'rgShell.reality.continue': 'Продолжи',
  'rgShell.reality.logout': 'Одјави се',
  'rgShell.reality.history': 'Види историја',
  'rgShell.reality.failed': 'Не успеа. Обидете се повторно.',

  'rgShell.lock.title.TIMEOUT': 'Вашата пауза започна',
  'rgShell.lock.title.EXCLUSION': 'Се самоисклучивте',
  'rgShell.lock.until': 'Вашата сметка е затворена за игра до {{date}}.',
  'rgShell.lock.loggedOut': 'Одјавени сте. Оваа порака се затвора сама.',
  'rgShell.lock.ok': 'Во ред',
  'rgShell.lock.loggedOutStays': 'Одјавени сте.',
  'rgShell.lock.payback.title': 'Вашето салдо во готовина',
  'rgShell.lock.payback.paid': '{{amount}} ви се вратени на {{destination}}.',
  'rgShell.lock.payback.pending': '{{amount}} ви се враќаат на {{destination}}.',
  'rgShell.lock.payback.staff': '{{amount}} ќе ви ги врати нашиот тим за плаќања, кој ќе ве контактира за тоа каде да ги испрати.',
  'rgShell.lock.payback.processing': 'Вашето салдо во готовина ви се враќа на начините на плаќање со кои уплативте; ќе ви испратиме порака каде.',
  'rgShell.lock.payback.message': 'Ова ќе го најдете и во вашите пораки.',
};
