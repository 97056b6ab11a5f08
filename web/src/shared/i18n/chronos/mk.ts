import type { ChronosTranslationKey } from './en';

/** The Chronos page's Macedonian strings (I18N-03); every English key has its translation. */
export const chronosMk: Record<ChronosTranslationKey, string> = {
  'chronos.title': 'Хронос',
  'chronos.intro': 'Вести, големи добивки и салонот на играчите, во живо.',
  'chronos.widget.banner': 'Банер',
  'chronos.widget.plain': 'Водопад',
  'chronos.widget.chat': 'Разговор',
  'chronos.channel': 'Канал',
  'chronos.empty': 'Сè уште нема пораки на овој канал.',
  'chronos.staff': 'Тимот на Emerald',
  'chronos.message': 'Порака',
  'chronos.send': 'Испрати',
  'chronos.signInToChat': 'Најавете се за да се вклучите во разговорот.',
  'chronos.readOnly': 'Овој канал е само за читање.',
  'chronos.offline': 'Повторно поврзување…',
  'chronos.tooFast': 'Испраќате пораки пребрзо. Почекајте неколку секунди.',
  'chronos.bo.tab': 'Канали',
  'chronos.bo.lead': 'Објавете на јавен канал. Играчите го гледаат веднаш на страницата Хронос; објавата се евидентира.',
  'chronos.bo.post': 'Објави на каналот',
  'chronos.bo.posted': 'Објавено.',
};
