import type { NewContentPost } from '../../content';
import { macedonianArtUrl, promoArtUrl } from '../../content';
import { macedonianPages } from './pages-mk';

/**
 * Editorial demo content: home banners (with an affiliate variant, NS-12), action cards for every
 * display page, promotions, blog, legal and information pages, glossary, about-us, contact-us and
 * the cashier's payment methods. Copy written as an Irish/UK operator would publish it.
 */
const image = (slug: Parameters<typeof promoArtUrl>[0]) => ({ guid: promoArtUrl(slug), post_mime_type: 'image/svg+xml' });
const picture = (slug: Parameters<typeof promoArtUrl>[0], alt: string) => ({ url: promoArtUrl(slug), alt });

const visitorActions = [
  { label: 'JOIN NOW', action: 'sign-up', type: 'unAuthenticated' },
  { label: 'LOG IN', action: 'sign-in', type: 'unAuthenticated' },
  { label: 'DEPOSIT', action: 'deposit', type: 'authenticated' },
];

/** The affiliate id whose visitors see their own banner (NS-12). */
export const DEMO_AFFILIATE_ID = 'RIT2041';

const home: NewContentPost[] = [
  {
    type: 'home',
    slug: 'home',
    title: 'Home',
    acf: {
      background_image: image('home-welcome'),
      mobile_background_image: image('home-welcome-mobile'),
      foreground_image: image('home-welcome-foreground'),
      welcome_message:
        '<h2>Ireland\u2019s friendliest casino</h2><p>Slots, roulette, blackjack and arcade games from our own studios, with live tables and bingo for members. 18+ only. Play responsibly.</p>',
      mobile_welcome_message: '<h2>Casino, live and bingo</h2><p>18+ only. Play responsibly.</p>',
      welcome_action: visitorActions,
      join_background: image('join-background'),
      contact_background: image('contact-background'),
      verify_background: image('verify-background'),
    },
  },
  {
    type: 'home',
    slug: `affiliate-${DEMO_AFFILIATE_ID.toLowerCase()}`,
    title: DEMO_AFFILIATE_ID,
    priority: 1,
    acf: {
      background_image: image('home-partner'),
      mobile_background_image: image('home-welcome-mobile'),
      foreground_image: image('home-welcome-foreground'),
      welcome_message:
        '<h2>Welcome, Racing Ireland Tips readers</h2><p>Join today and your first deposit is matched 100% up to \u20ac100. 18+ only. Wagering and terms apply.</p>',
      mobile_welcome_message: '<h2>Welcome, Racing Ireland Tips readers</h2><p>18+ only. Terms apply.</p>',
      welcome_action: [
        { label: 'CLAIM YOUR WELCOME', action: 'sign-up', type: 'unAuthenticated' },
        { label: 'LOG IN', action: 'sign-in', type: 'unAuthenticated' },
        { label: 'DEPOSIT', action: 'deposit', type: 'authenticated' },
      ],
      join_background: image('join-background'),
      contact_background: image('contact-background'),
      verify_background: image('verify-background'),
    },
  },
];

interface Card {
  slug: string;
  title: string;
  page: 'home' | 'home-auth' | 'casino' | 'live-casino' | 'bingo';
  priority: number;
  size: number;
  action?: 'SIGNUP' | 'LOGIN' | 'DEPOSIT';
  url?: string;
  art: Parameters<typeof promoArtUrl>[0];
  description: string;
  /** The inducement the card promotes: not shown where the player's jurisdiction closes it (issue 29 item 7). */
  inducement?: 'BONUS_OFFERS' | 'REFER_A_FRIEND' | 'LOYALTY_SHOP';
}
const cards: Card[] = [
  {
    slug: 'home-welcome-offer',
    title: 'Welcome Offer',
    page: 'home',
    priority: 1,
    size: 6,
    action: 'SIGNUP',
    art: 'card-welcome-offer',
    description: '100% match on your first deposit up to \u20ac100. 18+. Wagering 10\u00d7. Terms apply.',
    inducement: 'BONUS_OFFERS',
  },
  {
    slug: 'home-live-casino',
    title: 'Live Casino',
    page: 'home',
    priority: 2,
    size: 3,
    action: 'LOGIN',
    art: 'card-live-casino',
    description: 'One roulette table shared by every player: the same spin and the same result for all.',
  },
  {
    slug: 'home-bingo',
    title: 'Bingo Hall',
    page: 'home',
    priority: 3,
    size: 3,
    url: '/bingo',
    art: 'card-bingo',
    description: 'Tickets from 5 cent, games every five minutes.',
  },
  {
    slug: 'home-safer-gambling',
    title: 'Set Your Limits',
    page: 'home',
    priority: 4,
    size: 12,
    url: '/responsible-gaming',
    art: 'card-deposit-limits',
    description: 'Deposit limits, reality checks and time-outs are in your account at any time.',
  },
  {
    slug: 'home-auth-free-spins',
    title: 'Free Spins Friday',
    page: 'home-auth',
    priority: 1,
    size: 6,
    action: 'DEPOSIT',
    art: 'card-free-spins',
    description: 'Deposit \u20ac20 or more on a Friday and get 20 free spins on Emerald Isle Riches.',
    inducement: 'BONUS_OFFERS',
  },
  {
    slug: 'home-auth-new-games',
    title: 'New This Week',
    page: 'home-auth',
    priority: 2,
    size: 6,
    url: '/play?category=New%20Games',
    art: 'card-new-games',
    description: 'Dragon Forge and Stardust Spins have just landed.',
  },
  {
    slug: 'home-auth-jackpots',
    title: 'Jackpot Trail',
    page: 'home-auth',
    priority: 3,
    size: 3,
    url: '/play?category=Jackpots',
    art: 'card-jackpots',
    description: 'Two pooled jackpots, dropping every day.',
  },
  {
    slug: 'home-auth-refer',
    title: 'Refer a Friend',
    page: 'home-auth',
    priority: 4,
    size: 3,
    url: '/account?tab=refer-a-friend',
    art: 'card-refer-friend',
    description: 'Invite a friend and get \u20ac20 in bonus money once they verify and deposit.',
    inducement: 'REFER_A_FRIEND',
  },
  {
    slug: 'home-auth-limits',
    title: 'Stay in Control',
    page: 'home-auth',
    priority: 5,
    size: 12,
    url: '/account?tab=responsible-gaming',
    art: 'card-deposit-limits',
    description: 'Review your limits and take a break whenever you need one.',
  },
  {
    slug: 'casino-roulette',
    title: 'European Roulette',
    page: 'casino',
    priority: 1,
    size: 6,
    action: 'SIGNUP',
    art: 'card-roulette',
    description: 'Single-zero roulette from Northstar Tables.',
  },
  {
    slug: 'casino-blackjack',
    title: 'Blackjack Classic',
    page: 'casino',
    priority: 2,
    size: 6,
    action: 'LOGIN',
    art: 'card-blackjack',
    description: 'Six decks, dealer stands on soft 17, blackjack pays 3 to 2.',
  },
  {
    slug: 'casino-welcome',
    title: 'Welcome Offer',
    page: 'casino',
    priority: 3,
    size: 12,
    action: 'SIGNUP',
    art: 'card-welcome-offer',
    description: '100% up to \u20ac100 on your first deposit. 18+. Terms apply.',
    inducement: 'BONUS_OFFERS',
  },
  {
    slug: 'live-casino-roulette',
    title: 'Live Roulette',
    page: 'live-casino',
    priority: 1,
    size: 6,
    action: 'SIGNUP',
    art: 'card-live-roulette',
    description: 'A live, shared-round roulette table: bet in the round\u2019s window and watch the same spin as everyone at the table.',
  },
  {
    slug: 'live-casino-cashback',
    title: 'Live Cashback Monday',
    page: 'live-casino',
    priority: 2,
    size: 6,
    action: 'LOGIN',
    art: 'card-live-casino',
    description: '10% of net live-casino losses back every Monday, up to \u20ac50.',
    inducement: 'BONUS_OFFERS',
  },
  {
    slug: 'bingo-free-tickets',
    title: 'Free Bingo Tickets',
    page: 'bingo',
    priority: 1,
    size: 6,
    action: 'SIGNUP',
    art: 'card-bingo-tickets',
    description: 'Ten free tickets for the Newcomers room in your first week.',
    inducement: 'BONUS_OFFERS',
  },
  {
    slug: 'bingo-hall',
    title: 'Bingo Hall',
    page: 'bingo',
    priority: 2,
    size: 3,
    action: 'LOGIN',
    art: 'card-bingo',
    description: '75 and 90-ball rooms with friendly chat hosts.',
  },
  {
    slug: 'bingo-deposit',
    title: 'Top Up and Play',
    page: 'bingo',
    priority: 3,
    size: 3,
    action: 'DEPOSIT',
    art: 'card-jackpots',
    description: 'Community jackpots every Sunday night.',
  },
];
const actions: NewContentPost[] = cards.map((card) => ({
  type: 'action',
  slug: card.slug,
  title: card.title,
  acf: {
    display_page: card.page,
    priority: card.priority,
    size: card.size,
    action: card.action ?? '',
    url: card.url ?? '',
    description: card.description,
    image: image(card.art),
    mobile_image: image(card.art),
    inducement: card.inducement ?? '',
  },
}));

const bonusTerms = (extra: string) =>
  `<ul><li>18+. New and existing players in Ireland and the UK.</li>${extra}<li>Bonus funds are separate from cash funds. Stakes come from your cash first. You can withdraw your cash balance at any time and your bonus stays as it is; cancelling a bonus forfeits only its bonus funds, never your cash.</li><li>Full <a href="/terms-conditions">terms and conditions</a> apply. Please gamble responsibly.</li></ul>`;
const bonuses: NewContentPost[] = [
  {
    type: 'bonus',
    slug: 'welcome-bonus',
    title: 'Welcome Bonus: 100% up to \u20ac100',
    acf: {
      bonus_plan_id: 1001,
      priority: 1,
      isFeatured: true,
      image_right: false,
      image: picture('promo-welcome', 'Welcome bonus'),
      description: '<p>Make your first deposit of \u20ac10 or more and we match it 100%, up to \u20ac100 in bonus funds.</p>',
      terms_and_conditions: bonusTerms(
        '<li>First deposit only, minimum \u20ac10. Bonus must be wagered 10 times within 30 days. Casino games only: slots, Plinko and Mines count 100%, roulette and blackjack 10%; bingo and live casino are played with cash and do not count.</li><li>Maximum bet while a bonus is active: \u20ac5.</li>',
      ),
    },
  },
  {
    type: 'bonus',
    slug: 'free-spins-friday',
    title: 'Free Spins Friday',
    acf: {
      bonus_plan_id: 1002,
      priority: 2,
      isFeatured: true,
      image_right: true,
      image: picture('promo-free-spins', 'Free spins Friday'),
      description: '<p>Deposit \u20ac20 or more on any Friday and get 20 free spins on Emerald Isle Riches, worth \u20ac0.10 each.</p>',
      terms_and_conditions: bonusTerms(
        '<li>One award per player per Friday (00:00\u201323:59 Irish time). Winnings from free spins are paid as bonus funds with 10\u00d7 wagering.</li>',
      ),
    },
  },
  {
    type: 'bonus',
    slug: 'bingo-bonanza',
    title: 'Bingo Bonanza Sunday',
    acf: {
      bonus_plan_id: 1003,
      priority: 3,
      isFeatured: true,
      image_right: false,
      image: picture('promo-bingo', 'Bingo bonanza'),
      description: '<p>Buy tickets for the 8pm Sunday game and we double them, up to 24 extra tickets.</p>',
      terms_and_conditions: bonusTerms('<li>Applies to the Sunday 8pm game in the Clover room only.</li>'),
    },
  },
  {
    type: 'bonus',
    slug: 'live-cashback',
    title: 'Live Casino Cashback',
    acf: {
      bonus_plan_id: 1004,
      priority: 4,
      isFeatured: true,
      image_right: true,
      image: picture('promo-live-cashback', 'Live casino cashback'),
      description: '<p>Get 10% of your net live-casino losses from Monday back as cash, up to \u20ac50, credited on Tuesday.</p>',
      terms_and_conditions: bonusTerms(
        '<li>Net losses are stakes minus winnings on live-casino tables from 00:00 to 23:59 on Monday. Paid as cash with no wagering.</li>',
      ),
    },
  },
  {
    type: 'bonus',
    slug: 'refer-a-friend',
    title: 'Refer a Friend: \u20ac20 Each',
    acf: {
      bonus_plan_id: 1005,
      priority: 5,
      isFeatured: false,
      image_right: false,
      image: picture('promo-refer', 'Refer a friend'),
      description:
        '<p>Share your referral link. When your friend verifies their account and makes a first deposit of \u20ac20 or more, you get \u20ac20 in bonus funds.</p>',
      terms_and_conditions: bonusTerms(
        '<li>Referrals must be new customers: a second account of your own, or one opened in your browser or paid with your card, e-wallet or bank account, earns nothing.</li>',
      ),
    },
  },
];

const blogCategories: NewContentPost[] = [
  { type: 'blog_category', slug: 'news', title: 'News', acf: { priority: 1 } },
  { type: 'blog_category', slug: 'guides', title: 'Guides', acf: { priority: 2 } },
  { type: 'blog_category', slug: 'responsible-gambling', title: 'Responsible Gambling', acf: { priority: 3 } },
  { type: 'blog_category', slug: 'winners', title: 'Winners', acf: { priority: 4 } },
  { type: 'blog_category', slug: 'community', title: 'Community', acf: { priority: 5 } },
];
const blogPost = (slug: string, title: string, categories: string[], art: Parameters<typeof promoArtUrl>[0], short: string, body: string): NewContentPost => ({
  type: 'blog',
  slug,
  title,
  acf: { short_description: short, description: body, image: picture(art, title), blog_category: categories, author: 'The Emerald team' },
});
const blog: NewContentPost[] = [
  blogPost(
    'meet-harbour-lights',
    'Meet Harbour Lights Studio',
    ['news'],
    'blog-new-studio',
    'The Cork team behind Banshee Moon and Dragon Forge on how they build a slot.',
    '<p>Harbour Lights works from a converted sail loft on the quays in Cork. Every game starts as a story, drawn on paper, before any maths is written.</p><p>We asked lead designer Aoife how long a slot takes: \u201cAbout nine months, and three of those are testing with an independent lab so the numbers are exactly what we publish.\u201d</p>',
  ),
  blogPost(
    'rtp-explained',
    'What Does RTP Really Mean?',
    ['guides'],
    'blog-rtp-explained',
    'Return to player in plain words, and why it says nothing about your next spin.',
    '<p>Return to player (RTP) is the share of all money staked on a game that it pays back over millions of plays. A 96% RTP slot keeps about 4% over that long run.</p><p>It is not a promise for a session: short runs vary a lot, which is what volatility describes. Decide what you can afford before you play, and treat any win as a bonus.</p>',
  ),
  blogPost(
    'safer-gambling-week',
    'Safer Gambling Week: Tools That Help',
    ['responsible-gambling', 'news'],
    'blog-safer-gambling',
    'Deposit limits, reality checks, time-outs and self-exclusion: where to find them and how they work.',
    '<p>Every Emerald account has deposit limits, loss limits, session reminders, time-outs and self-exclusion. You can lower a limit immediately; raising one takes 24 hours, so the decision is made with a cool head.</p><p>If gambling is affecting you or someone close to you, free and confidential help is available from <a href="https://www.gamblingcare.ie" target="_blank">GamblingCare.ie</a> in Ireland and the <a href="https://www.gamcare.org.uk" target="_blank">GamCare</a> helpline (0808 8020 133) in the UK.</p>',
  ),
  blogPost(
    'bingo-night-galway',
    'Bingo Night Comes to Galway',
    ['community'],
    'blog-bingo-night',
    'Our chat hosts met players for a charity bingo night in aid of the RNLI.',
    '<p>Forty players joined our hosts in Galway for a charity night. Together we raised \u20ac3,150 for the RNLI lifeboat station at Salthill.</p>',
  ),
  blogPost(
    'roulette-beginners-guide',
    'A Beginner\u2019s Guide to European Roulette',
    ['guides'],
    'blog-roulette-guide',
    'Inside and outside bets, the single zero and why it matters.',
    '<p>European roulette has 37 pockets: 1 to 36 and a single zero. Outside bets such as red or black pay even money; a straight-up bet on one number pays 35 to 1.</p><p>The single zero gives the house an edge of 2.7% on every bet. No betting system changes that.</p>',
  ),
  blogPost(
    'winner-in-cork',
    'A Jackpot Winner in Cork',
    ['winners'],
    'blog-winner',
    'A player from Cork landed the Dublin Jackpot Express pool on a \u20ac1 spin.',
    '<p>Congratulations to Declan from Cork, whose \u20ac1 spin on Dublin Jackpot Express won \u20ac18,420. \u201cI\u2019m paying off the car and taking the family to Kerry,\u201d he told us.</p>',
  ),
];

const legal = (type: string, slug: string, title: string, column: number, priority: number, description: string, isInformation = false): NewContentPost => ({
  type,
  slug,
  title,
  acf: { description, column, priority, isInformation },
});
const legalPages: NewContentPost[] = [
  legal(
    'responsible_gaming',
    'keep-it-fun',
    'Keep it fun',
    1,
    1,
    '<p>Gambling should be entertainment, never a way to make money or to escape problems. Set a budget before you play and stop when it is spent.</p>',
    true,
  ),
  legal(
    'responsible_gaming',
    'limits',
    'Deposit and loss limits',
    1,
    2,
    '<p>Set daily, weekly or monthly deposit and loss limits in <a href="/account?tab=responsible-gaming">My Account</a>. Lower limits apply at once; higher limits after 24 hours.</p>',
    true,
  ),
  legal(
    'responsible_gaming',
    'time-out',
    'Time-out and self-exclusion',
    2,
    3,
    '<p>Take a break from 24 hours to 6 weeks, or self-exclude for 6 months to 5 years. While excluded you cannot log in or receive marketing.</p>',
    true,
  ),
  legal(
    'responsible_gaming',
    'get-help',
    'Where to get help',
    3,
    4,
    '<p>Ireland: <a href="https://www.gamblingcare.ie" target="_blank">GamblingCare.ie</a>, freephone 1800 753 753. UK: National Gambling Helpline 0808 8020 133 (24 hours). Gamblers Anonymous meetings run across Ireland and the UK.</p>',
    true,
  ),
  legal(
    'responsible_gaming',
    'underage',
    'Under-18s',
    3,
    5,
    '<p>You must be 18 or over to play. We check the age and identity of every player, and we recommend parental-control software on shared devices.</p>',
    true,
  ),
  legal(
    'responsible_gaming',
    'policy-statement',
    'Our responsible gaming policy',
    1,
    6,
    '<p>Our staff are trained to spot signs of harm, and we may contact you or apply limits if your play changes sharply.</p>',
    false,
  ),
  legal(
    'terms_and_conditions',
    'general-terms',
    'General terms',
    1,
    1,
    '<p>These terms form the agreement between you and Emerald. By opening an account you confirm you are 18 or over and live in Ireland or the United Kingdom.</p><p>One account per person, household and payment method.</p>',
  ),
  legal(
    'terms_and_conditions',
    'bonus-terms',
    'Bonus terms',
    1,
    2,
    '<p>Each promotion states its wagering requirement, never more than 10 times the bonus, and how long it is valid; what remains of a bonus when it expires is forfeited. The maximum bet while a bonus is active is \u20ac5.</p><p>Your cash is always yours: stakes are paid from cash first, you can withdraw your cash at any time without affecting an active bonus, and cancelling a bonus forfeits only its bonus funds.</p>',
  ),
  legal(
    'terms_and_conditions',
    'cookie-policy',
    'Cookie policy',
    2,
    3,
    '<p>We use cookies that keep you signed in and remember your language and cookie choice, and analytics cookies you can refuse. Session cookies cannot be read by page scripts.</p>',
  ),
  legal(
    'terms_and_conditions',
    'withdrawals',
    'Deposits and withdrawals',
    2,
    4,
    '<p>Withdrawals go back to the method you deposited with where possible and are processed within 24 hours once your identity is verified.</p>',
  ),
  legal(
    'privacy_policy',
    'privacy-overview',
    'How we use your data',
    1,
    1,
    '<p>We collect what the law requires of a gambling operator (identity, address, age and payment details) and what you choose to share. We never sell your data.</p>',
  ),
  legal(
    'privacy_policy',
    'privacy-rights',
    'Your rights',
    1,
    2,
    '<p>You may ask for a copy of your data, its correction or its erasure where the law allows. Contact our data protection officer at privacy@emerald.example.</p>',
  ),
  legal(
    'funds_protection',
    'funds-protection',
    'Protection of customer funds',
    1,
    1,
    '<p>We hold customer funds in accounts separate from company funds. This meets the Gambling Commission\u2019s requirements for segregation at the level of <strong>MEDIUM PROTECTION</strong>.</p><p>In the event of insolvency customer funds are not protected by a trust, but are held apart from operating accounts.</p>',
  ),
];

const glossaryTerms: [string, string][] = [
  ['Bankroll', 'The money you have set aside for gambling. Decide it in advance and never top it up from money meant for bills.'],
  ['Return to player (RTP)', 'The share of all stakes a game pays back over a very long run. It says nothing about a single session.'],
  ['Volatility', 'How widely results swing. Low volatility pays small wins often; high volatility pays bigger wins less often.'],
  ['Payline', 'A line across the reels on which matching symbols pay.'],
  ['Wild', 'A symbol that stands in for others to complete a win.'],
  ['Scatter', 'A symbol that pays or starts a feature wherever it lands.'],
  ['Free spins', 'Spins played without a stake, usually started by scatters or awarded by a promotion.'],
  ['Wagering requirement', 'How many times bonus funds must be staked before they become withdrawable cash.'],
  ['House edge', 'The casino\u2019s built-in average advantage; 2.7% on European roulette.'],
  ['Single zero', 'The one green pocket on a European roulette wheel, which sets its house edge.'],
  ['Soft 17', 'A blackjack hand totalling 17 that includes an ace counted as 11.'],
  ['Progressive jackpot', 'A prize pool that grows with every stake until someone wins it.'],
  ['Self-exclusion', 'Closing your account for a fixed period, from 6 months to 5 years, during which you cannot play.'],
];
const glossary: NewContentPost[] = glossaryTerms.map(([title, text], index) => ({
  type: 'casino_glossary',
  slug: title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
  title,
  acf: { glossary: `<p>${text}</p>`, priority: index + 1 },
}));

const about: NewContentPost[] = [
  {
    type: 'about_us',
    slug: 'who-we-are',
    title: 'Who we are',
    acf: {
      priority: 1,
      image: picture('about-emerald', 'The Emerald team in Dublin'),
      description:
        '<p>Emerald is an Irish online casino, live casino and bingo site for players in Ireland and the United Kingdom, run by a team of 60 in Dublin and Belfast.</p>',
    },
  },
  {
    type: 'about_us',
    slug: 'our-games',
    title: 'Our games',
    acf: {
      priority: 2,
      description:
        '<p>Our games come from our own studios: Shamrock Reels, Harbour Lights, Northstar Tables, Pocket Arcade, Emerald Live and Clover Bingo Rooms. Every game is tested by an independent laboratory before release.</p>',
    },
  },
  {
    type: 'about_us',
    slug: 'playing-safely',
    title: 'Playing safely',
    acf: {
      priority: 3,
      description:
        '<p>We verify every player\u2019s age and identity, keep customer funds separate from our own, and give you limits and time-outs in your account. 18+ only.</p>',
    },
  },
];

const contact: NewContentPost[] = [
  {
    type: 'contact_us',
    slug: 'free-call',
    title: 'Free call',
    acf: {
      kind: 'free_call',
      value: '1800 555 019',
      link: 'tel:+3531800555019',
      description: 'Free from Irish landlines and mobiles, 8am to midnight every day.',
      priority: 1,
    },
  },
  {
    type: 'contact_us',
    slug: 'call-uk',
    title: 'Call us (UK)',
    acf: { kind: 'call', value: '+44 28 9099 0144', link: 'tel:+442890990144', description: 'Standard rates apply, 8am to midnight every day.', priority: 2 },
  },
  {
    type: 'contact_us',
    slug: 'sms',
    title: 'Text us',
    acf: {
      kind: 'sms',
      value: '+353 87 555 0144',
      link: 'sms:+353875550144',
      description: 'Text your username and question; we reply within the hour.',
      priority: 3,
    },
  },
  {
    type: 'contact_us',
    slug: 'live-chat',
    title: 'Live chat',
    acf: {
      kind: 'live_chat',
      value: '',
      link: '',
      description:
        'Chat with our support team, 8am to midnight Irish time every day, once you are logged in. Outside those hours, leave a message and we answer when we open.',
      priority: 4,
    },
  },
  {
    type: 'contact_us',
    slug: 'email',
    title: 'E-mail',
    acf: {
      kind: 'email',
      value: 'support@emerald.example',
      link: 'mailto:support@emerald.example',
      description: 'We answer every e-mail within 24 hours.',
      priority: 5,
    },
  },
];

/** The logo as the spec reads it (logo.guid, DEP-06), with url and alt for the portal's image. */
const logo = (slug: Parameters<typeof promoArtUrl>[0], alt: string) => ({ guid: promoArtUrl(slug), url: promoArtUrl(slug), alt });

/** The cashier's methods as content (getPaymentData): one per spec method code; limits come from the platform. */
const paymentMethods: NewContentPost[] = [
  {
    type: 'payment_method',
    slug: 'debit-card',
    title: 'Debit card',
    acf: {
      code: 'WPCGHOSTED_CARD',
      logo: logo('logo-method-card', 'Visa and Mastercard debit'),
      quick_amounts: '10,20,50,100',
      processing_time: 'Instant deposits; withdrawals 1\u20133 working days',
      description: '<p>Visa and Mastercard debit cards, kept safely by our card processor. Credit cards are not accepted.</p>',
      priority: 1,
    },
  },
  {
    type: 'payment_method',
    slug: 'skrill',
    title: 'Skrill',
    acf: {
      code: 'MONEYBOOKERS',
      logo: logo('logo-method-skrill', 'Skrill'),
      quick_amounts: '10,25,50,100',
      processing_time: 'Instant; withdrawals within 24 hours',
      description: '<p>Pay from your Skrill balance: sign in to Skrill and approve.</p>',
      priority: 2,
    },
  },
  {
    type: 'payment_method',
    slug: 'neteller',
    title: 'NETELLER',
    acf: {
      code: 'NETELLER',
      logo: logo('logo-method-neteller', 'NETELLER'),
      quick_amounts: '10,25,50,100',
      processing_time: 'Instant; withdrawals within 24 hours',
      description: '<p>Pay from your NETELLER account: sign in to NETELLER and approve.</p>',
      priority: 3,
    },
  },
  {
    type: 'payment_method',
    slug: 'crypto',
    title: 'Crypto',
    acf: {
      code: 'NB_NEKBIT',
      logo: logo('logo-method-crypto', 'Bitcoin, Ether and USDT'),
      quick_amounts: '20,50,100,250',
      processing_time: 'Credited once the network confirms; deposits only',
      description: '<p>Send Bitcoin, Ether or USDT at a rate fixed for 15 minutes.</p>',
      priority: 4,
    },
  },
  {
    type: 'payment_method',
    slug: 'bank-transfer',
    title: 'Omega Bank transfer',
    acf: {
      code: 'OMEGA_BANK',
      logo: logo('logo-method-omega-bank', 'Omega Bank'),
      quick_amounts: '50,100,250,500',
      processing_time: 'Instant deposits; withdrawals 1\u20132 working days',
      description: '<p>Pay straight from your bank account and confirm with your bank\u2019s secure code. Withdrawals go back to that account.</p>',
      priority: 5,
    },
  },
  {
    type: 'payment_method',
    slug: 'more-ways-to-pay',
    title: 'More ways to pay',
    acf: {
      code: 'PAYMENTIQ_ALL',
      logo: logo('logo-method-paymentiq', 'PaymentIQ cashier'),
      quick_amounts: '10,20,50,100',
      processing_time: 'Depends on the method you choose',
      description: '<p>More cards, wallets and bank methods in one secure cashier.</p>',
      priority: 6,
    },
  },
];

/** Objects merge key by key (an image keeps its address and takes the translated alt); anything else is replaced. */
function overlay(base: unknown, over: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base) || typeof over !== 'object' || over === null || Array.isArray(over)) return over;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) merged[key] = overlay(merged[key], value);
  return merged;
}

/** Pictures with lettering point at their Macedonian drawing (`<name>.mk.svg`). */
function withMacedonianArt(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withMacedonianArt);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      (key === 'url' || key === 'guid') && typeof item === 'string' ? macedonianArtUrl(item) : withMacedonianArt(item),
    ]),
  );
}

/** The Macedonian post of an English one (pages-mk.ts), or none when it has not been written. */
export function macedonianOf(post: NewContentPost): NewContentPost | null {
  const entry = macedonianPages[`${post.type}/${post.slug}`];
  if (!entry) return null;
  return { ...post, lang: 'mk', title: entry.title, acf: withMacedonianArt(overlay(post.acf ?? {}, entry.acf)) as Record<string, unknown> };
}

/** The English demo posts, each followed by its Macedonian version. */
export function demoPagePosts(): NewContentPost[] {
  const english = [...home, ...actions, ...bonuses, ...blogCategories, ...blog, ...legalPages, ...glossary, ...about, ...contact, ...paymentMethods];
  return english.flatMap((post) => {
    const macedonian = macedonianOf(post);
    return macedonian ? [post, macedonian] : [post];
  });
}
