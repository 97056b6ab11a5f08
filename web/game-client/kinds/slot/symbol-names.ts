/**
 * The slot symbols' names in Macedonian, for the win described in the live region ("3 × Наковална").
 * English names come from the ids ("Pot", "Anvil"). Every symbol id of the demo slots has one
 * (`symbol-names.test.ts`).
 */
import type { GameLanguage } from '../../strings';

export const SYMBOL_NAMES_MK: Record<string, string> = {
  A: 'Кец', K: 'Поп', Q: 'Дама', J: 'Џандар',
  WILD: 'Лепрекон', POT: 'Ќуп злато', HARP: 'Харфа', HAT: 'Шешир', PIPE: 'Луле', CLOVER: 'Детелина',
  CROWN: 'Круна', KING: 'Крал', QUEEN: 'Кралица', SWORD: 'Меч', SHIELD: 'Штит', TORC: 'Торк',
  GIANT: 'Џин', FINN: 'Фион', COLUMN: 'Базалтен столб', SHIP: 'Брод', COIN: 'Златник',
  BANSHEE: 'Банши', RAVEN: 'Гавран', LANTERN: 'Фенер', CANDLE: 'Свеќа', MOON: 'Месечина',
  KEEPER: 'Светилничар', GULL: 'Галеб', ANCHOR: 'Котва', ROPE: 'Јаже', BEACON: 'Светилник',
  MERMAID: 'Сирена', SHELL: 'Школка', STARFISH: 'Морска ѕвезда', SEAHORSE: 'Морско коњче', CORAL: 'Корал', PEARL: 'Бисер',
  DRAGON: 'Змеј', HELM: 'Шлем', ANVIL: 'Наковална', HAMMER: 'Чекан', FLAME: 'Пламен',
  BOLT: 'Молња', EAGLE: 'Орел', STAG: 'Елен', WOLF: 'Волк', PEAK: 'Врв',
  VIKING: 'Викинг', LONGSHIP: 'Викиншки брод', AXE: 'Секира', HORN: 'Рог', RUNE: 'Руна', MAP: 'Мапа',
  PHARAOH: 'Фараон', SCARAB: 'Скарабеј', ANKH: 'Анк', EYE: 'Око',
  HARE: 'Зајак', FOX: 'Лисица', OWL: 'Був', BADGER: 'Јазовец', ACORN: 'Желад', MEADOW: 'Ливада',
  BAT: 'Лилјак', MOTH: 'Молец',
  DIAMOND: 'Дијамант', RING: 'Прстен', EMERALD: 'Смарагд', SAPPHIRE: 'Сафир', RUBY: 'Рубин',
  FIONN: 'Фион', SALMON2: 'Лосос ×2', SALMON3: 'Лосос ×3', HAZEL: 'Леска', CAULDRON: 'Котел', SPEAR: 'Копје', RIVER: 'Речен камен', BOOK: 'Книга',
  MISTLETOE: 'Имела', DRUID: 'Друид', OAK: 'Даб',
  STAR2: 'Ѕвезда ×2', STAR3: 'Ѕвезда ×3', STAR5: 'Ѕвезда ×5', PLANET: 'Планета', ROCKET: 'Ракета', COMET: 'Комета',
  HEART: 'Срце', ROSE: 'Роза', BOAT: 'Чамец',
  TRAIN: 'Експрес', CONDUCTOR: 'Кондуктер', STATION: 'Станица', LAMP: 'Улична ламба', CLOCK: 'Часовник', TICKET: 'Билет',
  SEVEN: 'Седум', BAR3: 'Троен бар', BAR2: 'Двоен бар', BAR1: 'Бар', CHERRY: 'Цреша', BLANK: 'Празно',
  MELON: 'Лубеница', GRAPES: 'Грозје', PLUM: 'Слива', ORANGE: 'Портокал', LEMON: 'Лимон',
};

const englishName = (id: string) =>
  id
    .toLowerCase()
    .split(/[_\s]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The symbol's name in the player's language. */
export const symbolNamer = (language: GameLanguage) => (id: string): string => (language === 'mk' ? (SYMBOL_NAMES_MK[id] ?? englishName(id)) : englishName(id));
