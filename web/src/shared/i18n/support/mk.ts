import type { SupportTranslationKey } from './en';

/** Live support chat's Macedonian strings. */
export const supportMk: Record<SupportTranslationKey, string> = {
  'support.chat.lead': 'Пишете до нашиот тим за поддршка. Разговорот се чува, па можете да се вратите на него.',
  'support.chat.empty': 'Сè уште нема пораки. Како можеме да помогнеме?',
  'support.chat.message': 'Вашата порака',
  'support.chat.send': 'Испрати',
  'support.chat.you': 'Вие',
  'support.chat.staff': 'Поддршка на Emerald',
  'support.chat.closedHours': 'Поддршката сега е затворена. Оставете порака: некој ќе одговори кога ќе отвориме, {{when}}.',
  'support.chat.openHours': 'Поддршката е достапна сега.',
  'support.chat.conversationClosed': 'Овој разговор е затворен. Нова порака започнува нов разговор.',
  'support.chat.signIn': 'Најавете се за разговор со поддршката, или јавете се бесплатно или испратете е-пошта.',
  'support.chat.tooFast': 'Испраќате пораки пребрзо. Почекајте неколку секунди.',
  'support.chat.failed': 'Пораката не е испратена. Обидете се повторно.',
  'support.bo.tab': 'Поддршка',
  'support.bo.lead': 'Прво се играчите што чекаат одговор. Одговорите стигнуваат веднаш до играчот и се евидентираат.',
  'support.bo.empty': 'Нема отворени разговори.',
  'support.bo.waiting': 'Чека одговор',
  'support.bo.answered': 'Одговорено',
  'support.bo.open': 'Отвори',
  'support.bo.answer': 'Одговор',
  'support.bo.send': 'Испрати одговор',
  'support.bo.close': 'Затвори го разговорот',
  'support.bo.back': 'Назад кон редот',
};
