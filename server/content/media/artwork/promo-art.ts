import type { ArtworkInput } from './artwork';

/**
 * Banner, card, blog and logo artwork of the demo content, drawn by the same generator as the game
 * artwork and served at /cms/media/art/<slug>.svg. Sizes: banner 1600×600, card 800×450,
 * photo 1200×675, logo 240×120.
 */
/** Banners are backgrounds: the portal writes the welcome message over them, so they carry no text. */
const banner = { width: 1600, height: 600, lettering: false };
const mobileBanner = { width: 800, height: 800, lettering: false };
const card = { width: 800, height: 450 };
const photo = { width: 1200, height: 675 };
const logo = { width: 240, height: 120 };
const emerald = ['#04231a', '#0b7a55', '#f5c542'];
const night = ['#0c0f2e', '#2b3a8c', '#7fe3ff'];
const ruby = ['#2a0610', '#a3123a', '#ffd166'];
const sunset = ['#2b0f05', '#c2541b', '#ffe29a'];
const violet = ['#1a0b2e', '#6a2fb5', '#ff9de2'];
const teal = ['#03242a', '#0f8b8d', '#c6f7e2'];

export const promoArt: Record<string, ArtworkInput> = {
  'home-welcome': { title: 'Welcome to Emerald', caption: 'Casino · Live Casino · Bingo', palette: emerald, symbol: 'gem', ...banner },
  'home-welcome-mobile': { title: 'Welcome to Emerald', caption: 'Play your way', palette: emerald, symbol: 'gem', ...mobileBanner },
  'home-welcome-foreground': { title: 'Emerald', palette: emerald, symbol: 'gem', width: 600, height: 400 },
  'home-members': { title: 'Good to see you', caption: 'Your games are waiting', palette: night, symbol: 'star', ...banner },
  'home-members-mobile': { title: 'Good to see you', caption: 'Your games are waiting', palette: night, symbol: 'star', ...mobileBanner },
  'home-partner': { title: 'Welcome, friend of Racing Ireland Tips', caption: 'A warm Emerald welcome', palette: ruby, symbol: 'crown', ...banner },
  'join-background': { title: 'Join Emerald', caption: 'Two quick steps', palette: teal, symbol: 'leaf', ...banner },
  'contact-background': { title: 'Almost there', caption: 'Your details', palette: teal, symbol: 'clover', ...banner },
  'verify-background': { title: 'Verify your account', caption: 'Safe and secure', palette: night, symbol: 'moon', ...banner },
  'card-welcome-offer': { title: 'Welcome Offer', caption: '100% match up to €100', palette: emerald, symbol: 'coin', ...card },
  'card-free-spins': { title: 'Free Spins Friday', caption: 'Every week', palette: violet, symbol: 'star', ...card },
  'card-deposit-limits': { title: 'Set your limits', caption: 'Stay in control', palette: teal, symbol: 'leaf', ...card },
  'card-live-casino': { title: 'Live Casino', caption: 'Real dealers, real tables', palette: ruby, symbol: 'spade', ...card },
  'card-bingo': { title: 'Bingo Hall', caption: 'Games every five minutes', palette: sunset, symbol: 'ball', ...card },
  'card-jackpots': { title: 'Jackpot Trail', caption: 'Daily drops', palette: sunset, symbol: 'crown', ...card },
  'card-new-games': { title: 'New This Week', caption: 'Fresh from our studios', palette: night, symbol: 'bolt', ...card },
  'card-refer-friend': { title: 'Refer a Friend', caption: 'Share the fun', palette: violet, symbol: 'heart', ...card },
  'card-roulette': { title: 'European Roulette', caption: 'Single zero', palette: ruby, symbol: 'wheel', ...card },
  'card-blackjack': { title: 'Blackjack', caption: 'Beat the dealer', palette: emerald, symbol: 'spade', ...card },
  'card-bingo-tickets': { title: 'Free Bingo Tickets', caption: 'For new players', palette: sunset, symbol: 'ball', ...card },
  'card-live-roulette': { title: 'Live Roulette', caption: 'From our Dublin studio', palette: night, symbol: 'wheel', ...card },
  'promo-welcome': { title: 'Welcome Bonus', caption: '100% up to €100', palette: emerald, symbol: 'coin', ...photo },
  'promo-free-spins': { title: 'Free Spins Friday', caption: '20 spins every week', palette: violet, symbol: 'star', ...photo },
  'promo-bingo': { title: 'Bingo Bonanza', caption: 'Double tickets Sunday', palette: sunset, symbol: 'ball', ...photo },
  'promo-live-cashback': { title: 'Live Casino Cashback', caption: '10% back every Monday', palette: ruby, symbol: 'spade', ...photo },
  'promo-refer': { title: 'Refer a Friend', caption: '€20 for you both', palette: teal, symbol: 'heart', ...photo },
  'blog-new-studio': { title: 'Meet Harbour Lights Studio', caption: 'Studio news', palette: night, symbol: 'moon', ...photo },
  'blog-rtp-explained': { title: 'RTP Explained', caption: 'Guides', palette: teal, symbol: 'coin', ...photo },
  'blog-safer-gambling': { title: 'Safer Gambling Week', caption: 'Responsible gaming', palette: emerald, symbol: 'leaf', ...photo },
  'blog-bingo-night': { title: 'Bingo Night in Galway', caption: 'Community', palette: sunset, symbol: 'ball', ...photo },
  'blog-roulette-guide': { title: 'A Beginner\u2019s Roulette Guide', caption: 'Guides', palette: ruby, symbol: 'wheel', ...photo },
  'blog-winner': { title: 'A Winner in Cork', caption: 'Winners', palette: sunset, symbol: 'crown', ...photo },
  'about-emerald': { title: 'About Emerald', caption: 'Dublin · Belfast', palette: emerald, symbol: 'gem', ...photo },
  'logo-card': { title: 'Card', palette: night, symbol: 'diamond', ...logo },
  'logo-bank': { title: 'Bank', palette: teal, symbol: 'coin', ...logo },
  'logo-wallet': { title: 'Wallet', palette: violet, symbol: 'bolt', ...logo },
  'logo-voucher': { title: 'Voucher', palette: sunset, symbol: 'star', ...logo },
  // One logo per cashier method (DEP-07).
  'logo-method-card': { title: 'Visa · Mastercard', palette: night, symbol: 'diamond', ...logo },
  'logo-method-skrill': { title: 'Skrill', palette: violet, symbol: 'bolt', ...logo },
  'logo-method-neteller': { title: 'NETELLER', palette: emerald, symbol: 'wave', ...logo },
  'logo-method-crypto': { title: 'Nekbit Crypto', palette: sunset, symbol: 'coin', ...logo },
  'logo-method-omega-bank': { title: 'Omega Bank', palette: teal, symbol: 'crown', ...logo },
  'logo-method-paymentiq': { title: 'PaymentIQ', palette: ruby, symbol: 'wheel', ...logo },
  'provider-shamrock': { title: 'Shamrock Reels', palette: emerald, symbol: 'clover', ...logo },
  'provider-harbour': { title: 'Harbour Lights', palette: night, symbol: 'moon', ...logo },
  'provider-northstar': { title: 'Northstar Tables', palette: ruby, symbol: 'spade', ...logo },
  'provider-pocket': { title: 'Pocket Arcade', palette: violet, symbol: 'bolt', ...logo },
  'provider-emerald-live': { title: 'Emerald Live', palette: sunset, symbol: 'wheel', ...logo },
};

export const promoArtUrl = (slug: keyof typeof promoArt & string) => `/cms/media/art/${slug}.svg`;
