/**
 * The Macedonian versions of the editorial demo content (pages.ts), keyed `type/slug`. Each entry
 * gives the title and the `acf` fields a reader sees; every other field (images, priorities,
 * actions, links, codes) is the English post's. The content service answers `lang=mk` with these
 * and falls back to English per entry, so an entry missing here would show English in Macedonian:
 * server/seed/demo/demo-languages.test.ts fails when one is missing.
 */
export interface MacedonianEntry {
  title: string;
  acf: Record<string, unknown>;
}

const visitorActions = [
  { label: 'ЗАЧЛЕНИ СЕ', action: 'sign-up', type: 'unAuthenticated' },
  { label: 'НАЈАВА', action: 'sign-in', type: 'unAuthenticated' },
  { label: 'УПЛАТА', action: 'deposit', type: 'authenticated' },
];

const bonusTerms = (extra: string) =>
  `<ul><li>Само за лица над 18 години. За нови и постојни играчи во Ирска и Обединетото Кралство.</li>${extra}<li>Бонус-средствата се водат одделно од паричните средства; паричното салдо можете да го повлечете во секое време, со што се губи преостанатиот бонус.</li><li>Важат целосните <a href="/terms-conditions">услови и правила</a>. Ве молиме, играјте одговорно.</li></ul>`;

const home: Record<string, MacedonianEntry> = {
  // The title is the entry's name, not a heading: the portal picks the banner titled 'Home' (NS-12).
  'home/home': {
    title: 'Home',
    acf: {
      welcome_message:
        '<h2>Најпријателското казино во Ирска</h2><p>Слотови, рулет, блекџек и аркадни игри од нашите сопствени студија, со маси во живо и бинго за членовите. Само за лица над 18 години. Играјте одговорно.</p>',
      mobile_welcome_message: '<h2>Казино, игри во живо и бинго</h2><p>Само 18+. Играјте одговорно.</p>',
      welcome_action: visitorActions,
    },
  },
  'home/affiliate-rit2041': {
    title: 'RIT2041',
    acf: {
      welcome_message:
        '<h2>Добредојдовте, читатели на Racing Ireland Tips</h2><p>Зачленете се денес и вашата прва уплата ќе ја удвоиме 100%, до 100 €. Само 18+. Важат услови за обложување и правила.</p>',
      mobile_welcome_message: '<h2>Добредојдовте, читатели на Racing Ireland Tips</h2><p>Само 18+. Важат услови.</p>',
      welcome_action: [
        { label: 'ПРЕЗЕМЕТЕ ГО БОНУСОТ', action: 'sign-up', type: 'unAuthenticated' },
        { label: 'НАЈАВА', action: 'sign-in', type: 'unAuthenticated' },
        { label: 'УПЛАТА', action: 'deposit', type: 'authenticated' },
      ],
    },
  },
};

const card = (title: string, description: string): MacedonianEntry => ({ title, acf: { description } });
const actions: Record<string, MacedonianEntry> = {
  'action/home-welcome-offer': card('Понуда за добредојде', '100% на вашата прва уплата, до 100 €. Само 18+. Обложување 10×. Важат услови.'),
  'action/home-live-casino': card('Казино во живо', 'Рулет и блекџек со вистински делители, секоја вечер.'),
  'action/home-bingo': card('Бинго сала', 'Ливчиња од 5 центи, нова игра на секои пет минути.'),
  'action/home-safer-gambling': card('Поставете си граници', 'Граници на уплати, потсетници за времето и паузи се во вашата сметка во секое време.'),
  'action/home-auth-free-spins': card('Петок со бесплатни вртења', 'Уплатете 20 € или повеќе во петок и добијте 20 бесплатни вртења на Emerald Isle Riches.'),
  // Category links name the category by slug: the English links name it in English, which a Macedonian catalogue does not.
  'action/home-auth-new-games': { ...card('Ново оваа недела', 'Штотуку пристигнаа Dragon Forge и Stardust Spins.'), acf: { description: 'Штотуку пристигнаа Dragon Forge и Stardust Spins.', url: '/play?category=new-games' } },
  'action/home-auth-jackpots': { ...card('Патека на џекпоти', 'Два заеднички џекпоти, што паѓаат секој ден.'), acf: { description: 'Два заеднички џекпоти, што паѓаат секој ден.', url: '/play?category=jackpots' } },
  'action/home-auth-refer': card('Препорачајте пријател', 'Поканете пријател и добијте 20 € бонус пари штом тој ќе се потврди и ќе уплати.'),
  'action/home-auth-limits': card('Останете во контрола', 'Прегледајте ги вашите граници и земете пауза секогаш кога ви треба.'),
  'action/casino-roulette': card('Европски рулет', 'Рулет со една нула од Northstar Tables.'),
  'action/casino-blackjack': card('Класичен блекџек', 'Шест шпилови, делителот застанува на мек 17, блекџек исплаќа 3 за 2.'),
  'action/casino-welcome': card('Понуда за добредојде', '100% до 100 € на вашата прва уплата. Само 18+. Важат услови.'),
  'action/live-casino-roulette': card('Рулет во живо', 'Од нашето студио во Даблин, масите се отворени од 10 до 4 часот наутро.'),
  'action/live-casino-cashback': card('Понеделник со враќање пари', '10% од нето загубите во казиното во живо назад секој понеделник, до 50 €.'),
  'action/bingo-free-tickets': card('Бесплатни бинго ливчиња', 'Десет бесплатни ливчиња за собата „Новодојдени“ во вашата прва недела.'),
  'action/bingo-hall': card('Бинго сала', 'Соби со 75 и 90 топчиња и љубезни водители на разговорот.'),
  'action/bingo-deposit': card('Уплатете и играјте', 'Заеднички џекпоти секоја недела навечер.'),
};

const bonus = (title: string, alt: string, description: string, extraTerms: string): MacedonianEntry => ({
  title,
  acf: { image: { alt }, description, terms_and_conditions: bonusTerms(extraTerms) },
});
const bonuses: Record<string, MacedonianEntry> = {
  'bonus/welcome-bonus': bonus(
    'Бонус за добредојде: 100% до 100 €',
    'Бонус за добредојде',
    '<p>Направете ја вашата прва уплата од 10 € или повеќе и ние ја удвојуваме 100%, до 100 € во бонус-средства.</p>',
    '<li>Само за првата уплата, најмалку 10 €. Бонусот мора да се обложи 10 пати во рок од 30 дена. Слотовите се сметаат 100%, игрите на маса 10%, казиното во живо 0%.</li><li>Најголем облог додека бонусот е активен: 5 €.</li>',
  ),
  'bonus/free-spins-friday': bonus(
    'Петок со бесплатни вртења',
    'Петок со бесплатни вртења',
    '<p>Уплатете 20 € или повеќе во кој било петок и добијте 20 бесплатни вртења на Emerald Isle Riches, во вредност од 0,10 € секое.</p>',
    '<li>Една награда по играч секој петок (00:00–23:59 ирско време). Добивките од бесплатните вртења се исплаќаат како бонус-средства со обложување 10×.</li>',
  ),
  'bonus/bingo-bonanza': bonus(
    'Бинго-бонанца во недела',
    'Бинго-бонанца',
    '<p>Купете ливчиња за играта во недела во 20 часот и ние ќе ги удвоиме, до 24 дополнителни ливчиња.</p>',
    '<li>Важи само за играта во недела во 20 часот во собата Clover.</li>',
  ),
  'bonus/live-cashback': bonus(
    'Враќање пари во казиното во живо',
    'Враќање пари во казиното во живо',
    '<p>Добијте 10% од вашите нето загуби во казиното во живо од понеделникот назад во готовина, до 50 €, уплатени во вторник.</p>',
    '<li>Нето загубите се влоговите минус добивките на масите во живо од 00:00 до 23:59 во понеделник. Се исплаќаат во готовина, без обложување.</li>',
  ),
  'bonus/refer-a-friend': bonus(
    'Препорачајте пријател: по 20 €',
    'Препорачајте пријател',
    '<p>Споделете ја вашата врска за препорака. Кога вашиот пријател ќе ја потврди својата сметка и ќе направи прва уплата од 20 € или повеќе, добивате 20 € во бонус-средства.</p>',
    '<li>Препорачаните мора да бидат нови корисници: ваша втора сметка, или сметка отворена во вашиот прелистувач или платена со вашата картичка, е-паричник или банкарска сметка, не носи ништо.</li>',
  ),
};

const blogCategories: Record<string, MacedonianEntry> = {
  'blog_category/news': { title: 'Новости', acf: {} },
  'blog_category/guides': { title: 'Водичи', acf: {} },
  'blog_category/responsible-gambling': { title: 'Одговорно коцкање', acf: {} },
  'blog_category/winners': { title: 'Добитници', acf: {} },
  'blog_category/community': { title: 'Заедница', acf: {} },
};

const post = (title: string, short: string, body: string): MacedonianEntry => ({
  title,
  acf: { short_description: short, description: body, image: { alt: title }, author: 'Тимот на Emerald' },
});
const blog: Record<string, MacedonianEntry> = {
  'blog/meet-harbour-lights': post(
    'Запознајте го студиото Harbour Lights',
    'Тимот од Корк што стои зад Banshee Moon и Dragon Forge за тоа како создава слот.',
    '<p>Harbour Lights работи во преуредена работилница за едра на кејот во Корк. Секоја игра започнува како приказна, нацртана на хартија, пред да се напише каква било математика.</p><p>Ја прашавме главната дизајнерка Ифа колку трае изработката на еден слот: „Околу девет месеци, а три од нив се тестирање со независна лабораторија, за бројките да бидат точно онакви какви што ги објавуваме.“</p>',
  ),
  'blog/rtp-explained': post(
    'Што навистина значи RTP?',
    'Враќањето на играчот со едноставни зборови, и зошто не кажува ништо за вашето следно вртење.',
    '<p>Враќањето на играчот (RTP) е делот од сите пари вложени во една игра што таа ги враќа низ милиони играња. Слот со RTP од 96% задржува околу 4% на таа долга патека.</p><p>Тоа не е ветување за една сесија: кратките низи многу се разликуваат, а тоа го опишува волатилноста. Одлучете колку можете да си дозволите пред да играте, а секоја добивка сфатете ја како бонус.</p>',
  ),
  'blog/safer-gambling-week': post(
    'Недела на побезбедно коцкање: алатки што помагаат',
    'Граници на уплати, потсетници, паузи и самоисклучување: каде да ги најдете и како работат.',
    '<p>Секоја сметка во Emerald има граници на уплати, граници на загуби, потсетници за сесијата, паузи и самоисклучување. Границата можете веднаш да ја намалите; за зголемување се чека 24 часа, за одлуката да се донесе со ладна глава.</p><p>Ако коцкањето влијае на вас или на некој близок, бесплатна и доверлива помош нуди <a href="https://www.gamblingcare.ie" target="_blank">GamblingCare.ie</a> во Ирска и линијата за помош на <a href="https://www.gamcare.org.uk" target="_blank">GamCare</a> (0808 8020 133) во Обединетото Кралство.</p>',
  ),
  'blog/bingo-night-galway': post(
    'Бинго-вечер во Голвеј',
    'Нашите водители на разговорот се сретнаа со играчите на добротворна бинго-вечер во корист на RNLI.',
    '<p>Четириесет играчи им се придружија на нашите водители во Голвеј на добротворна вечер. Заедно собравме 3.150 € за станицата за спасувачки чамци на RNLI во Салтхил.</p>',
  ),
  'blog/roulette-beginners-guide': post(
    'Водич за почетници во европскиот рулет',
    'Внатрешни и надворешни облози, единечната нула и зошто е важна.',
    '<p>Европскиот рулет има 37 полиња: од 1 до 36 и една нула. Надворешните облози, како црвено или црно, исплаќаат еднакво на влогот; облог на еден број исплаќа 35 за 1.</p><p>Единечната нула ѝ дава на куќата предност од 2,7% на секој облог. Ниту еден систем на обложување не го менува тоа.</p>',
  ),
  'blog/winner-in-cork': post(
    'Добитник на џекпот во Корк',
    'Играч од Корк го освои заедничкиот фонд на Dublin Jackpot Express со вртење од 1 €.',
    '<p>Честитки до Деклан од Корк, чие вртење од 1 € на Dublin Jackpot Express освои 18.420 €. „Ќе го исплатам автомобилот и ќе го однесам семејството во Кери“, ни рече тој.</p>',
  ),
};

const page = (title: string, description: string): MacedonianEntry => ({ title, acf: { description } });
const legal: Record<string, MacedonianEntry> = {
  'responsible_gaming/keep-it-fun': page(
    'Нека остане забава',
    '<p>Коцкањето треба да биде забава, никогаш начин за заработка или за бегство од проблемите. Одредете буџет пред да играте и застанете кога ќе се потроши.</p>',
  ),
  'responsible_gaming/limits': page(
    'Граници на уплати и загуби',
    '<p>Поставете дневни, неделни или месечни граници на уплати и загуби во <a href="/account?tab=responsible-gaming">Мојата сметка</a>. Пониските граници важат веднаш; повисоките по 24 часа.</p>',
  ),
  'responsible_gaming/time-out': page(
    'Пауза и самоисклучување',
    '<p>Земете пауза од 24 часа до 6 недели или самоисклучете се од 6 месеци до 5 години. Додека сте исклучени, не можете да се најавите ниту да добивате маркетиншки пораки.</p>',
  ),
  'responsible_gaming/get-help': page(
    'Каде да побарате помош',
    '<p>Ирска: <a href="https://www.gamblingcare.ie" target="_blank">GamblingCare.ie</a>, бесплатен телефон 1800 753 753. Обединето Кралство: Национална линија за помош при коцкање 0808 8020 133 (24 часа). Состаноци на Анонимни коцкари се одржуваат низ Ирска и Обединетото Кралство.</p>',
  ),
  'responsible_gaming/underage': page(
    'Лица под 18 години',
    '<p>Мора да имате 18 или повеќе години за да играте. Ги проверуваме возраста и идентитетот на секој играч и препорачуваме софтвер за родителска контрола на заеднички уреди.</p>',
  ),
  'responsible_gaming/policy-statement': page(
    'Нашата политика за одговорно играње',
    '<p>Нашиот персонал е обучен да ги препознава знаците на штета, и може да ве контактираме или да ви поставиме граници ако вашето играње нагло се промени.</p>',
  ),
  'terms_and_conditions/general-terms': page(
    'Општи услови',
    '<p>Овие услови го сочинуваат договорот меѓу вас и Emerald. Со отворање сметка потврдувате дека имате 18 или повеќе години и дека живеете во Ирска или во Обединетото Кралство.</p><p>Една сметка по лице, домаќинство и начин на плаќање.</p>',
  ),
  'terms_and_conditions/bonus-terms': page(
    'Услови за бонусите',
    '<p>Освен ако промоцијата не каже поинаку, бонус-средствата мора да се обложат 30 пати во рок од 30 дена, а најголемиот облог додека бонусот е активен е 5 €.</p>',
  ),
  'terms_and_conditions/cookie-policy': page(
    'Политика за колачиња',
    '<p>Користиме колачиња што ве држат најавени и ги паметат вашиот јазик и изборот за колачињата, како и аналитички колачиња што можете да ги одбиете. Колачињата на сесијата не можат да ги читаат скриптите на страницата.</p>',
  ),
  'terms_and_conditions/withdrawals': page(
    'Уплати и исплати',
    '<p>Исплатите, каде што е можно, се враќаат на начинот со кој сте уплатиле и се обработуваат во рок од 24 часа откако ќе се потврди вашиот идентитет.</p>',
  ),
  'privacy_policy/privacy-overview': page(
    'Како ги користиме вашите податоци',
    '<p>Собираме она што законот го бара од приредувач на игри на среќа (идентитет, адреса, возраст и податоци за плаќање) и она што вие ќе одлучите да го споделите. Никогаш не ги продаваме вашите податоци.</p>',
  ),
  'privacy_policy/privacy-rights': page(
    'Вашите права',
    '<p>Можете да побарате копија од вашите податоци, нивна исправка или бришење, таму каде што законот го дозволува тоа. Обратете се до нашиот службеник за заштита на податоците на privacy@emerald.example.</p>',
  ),
  'funds_protection/funds-protection': page(
    'Заштита на средствата на корисниците',
    '<p>Средствата на корисниците ги чуваме на сметки одвоени од средствата на компанијата. Тоа ги исполнува барањата на Комисијата за игри на среќа за одвојување на ниво на <strong>СРЕДНА ЗАШТИТА</strong>.</p><p>Во случај на несолвентност, средствата на корисниците не се заштитени со труст, но се чуваат одвоено од оперативните сметки.</p>',
  ),
};

const term = (title: string, text: string): MacedonianEntry => ({ title, acf: { glossary: `<p>${text}</p>` } });
const glossary: Record<string, MacedonianEntry> = {
  'casino_glossary/bankroll': term('Банкрол', 'Парите што сте ги издвоиле за коцкање. Одредете ги однапред и никогаш не ги дополнувајте од пари наменети за сметки.'),
  'casino_glossary/return-to-player-rtp': term('Враќање на играчот (RTP)', 'Делот од сите влогови што една игра го враќа на многу долг рок. Не кажува ништо за една сесија.'),
  'casino_glossary/volatility': term('Волатилност', 'Колку широко се менуваат резултатите. Ниската волатилност често носи мали добивки; високата поретко носи поголеми добивки.'),
  'casino_glossary/payline': term('Линија на исплата', 'Линија преку ролните на која исплаќаат исти симболи.'),
  'casino_glossary/wild': term('Џокер (wild)', 'Симбол што ги заменува другите за да се комплетира добивка.'),
  'casino_glossary/scatter': term('Скатер', 'Симбол што исплаќа или започнува функција каде и да падне.'),
  'casino_glossary/free-spins': term('Бесплатни вртења', 'Вртења без влог, обично започнати со скатери или доделени со промоција.'),
  'casino_glossary/wagering-requirement': term('Услов за обложување', 'Колку пати бонус-средствата мора да се вложат пред да станат готовина што може да се повлече.'),
  'casino_glossary/house-edge': term('Предност на куќата', 'Вградената просечна предност на казиното; 2,7% кај европскиот рулет.'),
  'casino_glossary/single-zero': term('Единечна нула', 'Единственото зелено поле на тркалото на европскиот рулет, што ја одредува предноста на куќата.'),
  'casino_glossary/soft-17': term('Мек 17', 'Рака во блекџек со збир 17 во која има ас што се брои како 11.'),
  'casino_glossary/progressive-jackpot': term('Прогресивен џекпот', 'Награден фонд што расте со секој влог додека некој не го освои.'),
  'casino_glossary/self-exclusion': term('Самоисклучување', 'Затворање на сметката за определен период, од 6 месеци до 5 години, во кој не можете да играте.'),
};

const about: Record<string, MacedonianEntry> = {
  'about_us/who-we-are': {
    title: 'Кои сме ние',
    acf: {
      image: { alt: 'Тимот на Emerald во Даблин' },
      description:
        '<p>Emerald е ирско онлајн казино, казино во живо и бинго-страница за играчи во Ирска и Обединетото Кралство, која ја води тим од 60 луѓе во Даблин и Белфаст.</p>',
    },
  },
  'about_us/our-games': {
    title: 'Нашите игри',
    acf: {
      description:
        '<p>Нашите игри доаѓаат од нашите сопствени студија: Shamrock Reels, Harbour Lights, Northstar Tables, Pocket Arcade, Emerald Live и Clover Bingo Rooms. Секоја игра ја тестира независна лабораторија пред објавувањето.</p>',
    },
  },
  'about_us/playing-safely': {
    title: 'Безбедно играње',
    acf: {
      description:
        '<p>Ги проверуваме возраста и идентитетот на секој играч, ги чуваме средствата на корисниците одвоено од нашите и во вашата сметка ви даваме граници и паузи. Само за лица над 18 години.</p>',
    },
  },
};

const contact: Record<string, MacedonianEntry> = {
  'contact_us/free-call': { title: 'Бесплатен повик', acf: { description: 'Бесплатно од ирски фиксни и мобилни телефони, од 8 часот до полноќ секој ден.' } },
  'contact_us/call-uk': { title: 'Јавете ни се (Обединето Кралство)', acf: { description: 'Се наплаќа по стандардна тарифа, од 8 часот до полноќ секој ден.' } },
  'contact_us/sms': { title: 'Испратете ни порака', acf: { description: 'Испратете го вашето корисничко име и прашањето; одговараме во рок од еден час.' } },
  'contact_us/live-chat': { title: 'Разговор во живо', acf: { description: 'Разговарајте со нашата поддршка, од 8 до полноќ ирско време секој ден, откако ќе се најавите. Надвор од тоа време, оставете порака и ќе одговориме штом ќе отвориме.' } },
  'contact_us/email': { title: 'Е-пошта', acf: { description: 'Одговараме на секоја е-порака во рок од 24 часа.' } },
};

/** Brand names (Skrill, NETELLER, Omega Bank, Visa…) stay as the brands write them. */
const paymentMethods: Record<string, MacedonianEntry> = {
  'payment_method/debit-card': {
    title: 'Дебитна картичка',
    acf: {
      logo: { alt: 'Visa и Mastercard дебитни картички' },
      processing_time: 'Уплатите се веднаш; исплатите за 1–3 работни дена',
      description: '<p>Дебитни картички Visa и Mastercard, безбедно чувани кај нашиот обработувач на картички. Кредитни картички не се прифаќаат.</p>',
    },
  },
  'payment_method/skrill': {
    title: 'Skrill',
    acf: { logo: { alt: 'Лого на Skrill' }, processing_time: 'Веднаш; исплатите во рок од 24 часа', description: '<p>Платете од вашето салдо во Skrill: најавете се во Skrill и одобрете.</p>' },
  },
  'payment_method/neteller': {
    title: 'NETELLER',
    acf: { logo: { alt: 'Лого на NETELLER' }, processing_time: 'Веднаш; исплатите во рок од 24 часа', description: '<p>Платете од вашата сметка во NETELLER: најавете се во NETELLER и одобрете.</p>' },
  },
  'payment_method/crypto': {
    title: 'Криптовалути',
    acf: {
      logo: { alt: 'Bitcoin, Ether и USDT' },
      processing_time: 'Се уплатува откако мрежата ќе потврди; само уплати',
      description: '<p>Испратете Bitcoin, Ether или USDT по курс фиксиран 15 минути.</p>',
    },
  },
  'payment_method/bank-transfer': {
    title: 'Банкарски трансфер преку Omega Bank',
    acf: {
      logo: { alt: 'Лого на Omega Bank' },
      processing_time: 'Уплатите се веднаш; исплатите за 1–2 работни дена',
      description: '<p>Платете директно од вашата банкарска сметка и потврдете со безбедносниот код на вашата банка. Исплатите се враќаат на истата сметка.</p>',
    },
  },
  'payment_method/more-ways-to-pay': {
    title: 'Повеќе начини на плаќање',
    acf: {
      logo: { alt: 'Благајна PaymentIQ' },
      processing_time: 'Зависи од начинот што ќе го изберете',
      description: '<p>Повеќе картички, електронски паричници и банкарски начини во една безбедна благајна.</p>',
    },
  },
};

export const macedonianPages: Record<string, MacedonianEntry> = {
  ...home,
  ...actions,
  ...bonuses,
  ...blogCategories,
  ...blog,
  ...legal,
  ...glossary,
  ...about,
  ...contact,
  ...paymentMethods,
};
