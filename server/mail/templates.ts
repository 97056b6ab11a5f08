import type { Language } from '../../contracts/content/translations';
import { escapeHtml } from '../http/html';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
}

/** Mails to a player are in the player's language (`player.language`, issue 27); English when it is not given. */
type MailLanguage = { language?: Language | undefined };

const footerWords: Record<Language, string> = { en: 'Emerald · Play responsibly · 18+', mk: 'Emerald · Играјте одговорно · 18+' };

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }, language: Language = 'en'): string {
  const body = paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#eeb547;color:#1d1303;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#04140e;font-family:Arial,Helvetica,sans-serif;color:#edf6f0"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="color:#34d399;font-size:22px">${escapeHtml(title)}</h1>${body}${button}<p style="color:#9fb8aa;font-size:12px;margin-top:32px">${escapeHtml(footerWords[language])}</p></div></body></html>`;
}

export function passwordResetMail(
  options: { to: string; username: string; resetKey: string; resetUrl: string; validMinutes: number } & MailLanguage,
): MailMessage {
  const mk = options.language === 'mk';
  const paragraphs = mk
    ? [
        `Здраво ${options.username},`,
        'Добивме барање за промена на лозинката на вашата сметка во Emerald.',
        `Вашиот клуч за промена е: ${options.resetKey}`,
        `Отворете ја врската подолу или внесете го клучот во формуларот. Работи еднаш и истекува за ${options.validMinutes} минути.`,
        'Ако не го побаравте ова, занемарете ја оваа е-пошта: вашата лозинка останува иста.',
      ]
    : [
        `Hello ${options.username},`,
        'We received a request to reset the password of your Emerald account.',
        `Your reset key is: ${options.resetKey}`,
        `Open the link below, or enter the key on the reset form. It works once and expires in ${options.validMinutes} minutes.`,
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      ];
  return {
    to: options.to,
    subject: mk ? 'Променете ја лозинката за Emerald' : 'Reset your Emerald password',
    template: 'password-reset',
    text: [...paragraphs, options.resetUrl].join('\n\n'),
    html: layout(
      mk ? 'Променете ја лозинката' : 'Reset your password',
      paragraphs,
      { label: mk ? 'Промени ја лозинката' : 'Reset my password', href: options.resetUrl },
      options.language,
    ),
  };
}

/** What one mail says in one language: its subject, heading, paragraphs and the button under them. */
interface MailWords {
  subject: string;
  title: string;
  paragraphs: string[];
  action: { label: string; href: string };
}

/** A mail from its words: the text part ends with the button's address, the HTML part is the layout. */
function compose(to: string, template: string, words: MailWords, language: Language = 'en'): MailMessage {
  return {
    to,
    subject: words.subject,
    template,
    text: [...words.paragraphs, words.action.href].join('\n\n'),
    html: layout(words.title, words.paragraphs, words.action, language),
  };
}

type WelcomeOutcome = 'SUCCESS' | 'ID_CHECK_LOCK' | 'KYC_FAILED_LOCK';

export function welcomeMail(options: { to: string; username: string; outcome: WelcomeOutcome; siteUrl: string } & MailLanguage): MailMessage {
  const language = options.language ?? 'en';
  const byOutcome: Record<Language, Record<WelcomeOutcome, string[]>> = {
    en: {
      SUCCESS: ['Your identity and age have been verified. You can deposit and play for real straight away.'],
      ID_CHECK_LOCK: [
        'Thank you for registering. We could not confirm your identity electronically.',
        'Please sign in and submit your identity documents from the Identification page so that we can activate your account.',
      ],
      KYC_FAILED_LOCK: [
        'Thank you for registering. An age verification check is running on your account.',
        'It usually takes under 30 minutes between 7am and 11pm, longer overnight. We will e-mail you when your account is active.',
      ],
    },
    mk: {
      SUCCESS: ['Вашиот идентитет и возраст се потврдени. Можете веднаш да уплаќате и да играте со вистински пари.'],
      ID_CHECK_LOCK: [
        'Ви благодариме што се регистриравте. Не успеавме електронски да го потврдиме вашиот идентитет.',
        'Најавете се и испратете ги документите за идентитет од страницата за идентификација за да ја активираме вашата сметка.',
      ],
      KYC_FAILED_LOCK: [
        'Ви благодариме што се регистриравте. На вашата сметка тече проверка на возраста.',
        'Обично трае помалку од 30 минути меѓу 07:00 и 23:00, подолго преку ноќ. Ќе ви пишеме кога сметката ќе биде активна.',
      ],
    },
  };
  const mk = language === 'mk';
  const title = mk ? 'Добредојдовте во Emerald' : 'Welcome to Emerald';
  // ID_CHECK_LOCK: the link leads to the page where documents are uploaded (issue 13).
  const action =
    options.outcome === 'ID_CHECK_LOCK'
      ? { label: mk ? 'Испрати документи' : 'Submit my documents', href: `${options.siteUrl}/identification` }
      : { label: mk ? 'Кон Emerald' : 'Go to Emerald', href: options.siteUrl };
  const greeting = mk ? `Добредојдовте во Emerald, ${options.username}!` : `Welcome to Emerald, ${options.username}!`;
  return compose(
    options.to,
    `welcome-${options.outcome.toLowerCase()}`,
    { subject: title, title, paragraphs: [greeting, ...byOutcome[language][options.outcome]], action },
    language,
  );
}

export function signupConfirmationMail(options: { to: string; username: string; confirmUrl: string } & MailLanguage): MailMessage {
  const words: Record<Language, MailWords> = {
    en: {
      subject: 'Confirm your Emerald e-mail address',
      title: 'Confirm your e-mail address',
      paragraphs: [
        `Hello ${options.username},`,
        'Thank you for joining Emerald. Please confirm your e-mail address with the link below; it works once and stays valid for 7 days.',
        'If you did not sign up, you can ignore this e-mail.',
      ],
      action: { label: 'Confirm my e-mail', href: options.confirmUrl },
    },
    mk: {
      subject: 'Потврдете ја вашата адреса на е-пошта за Emerald',
      title: 'Потврдете ја адресата на е-пошта',
      paragraphs: [
        `Здраво ${options.username},`,
        'Ви благодариме што се приклучивте во Emerald. Потврдете ја вашата адреса на е-пошта со врската подолу; работи еднаш и важи 7 дена.',
        'Ако не се регистриравте вие, занемарете ја оваа е-пошта.',
      ],
      action: { label: 'Потврди ја е-поштата', href: options.confirmUrl },
    },
  };
  return compose(options.to, 'signup-confirmation', words[options.language ?? 'en'], options.language);
}

export function passwordChangedMail(options: { to: string; username: string; siteUrl: string } & MailLanguage): MailMessage {
  const mk = options.language === 'mk';
  if (mk) {
    const paragraphs = [
      `Здраво ${options.username},`,
      'Лозинката на вашата сметка во Emerald штотуку е променета, и секој друг уред најавен на вашата сметка е одјавен.',
      'Ако не ја променивте вие, веднаш променете ја лозинката со „Заборавена лозинка“ и контактирајте го нашиот тим за поддршка.',
    ];
    return {
      to: options.to,
      subject: 'Лозинката за Emerald е променета',
      template: 'password-changed',
      text: [...paragraphs, options.siteUrl].join('\n\n'),
      html: layout('Лозинката е променета', paragraphs, { label: 'Кон Emerald', href: options.siteUrl }, 'mk'),
    };
  }
  const paragraphs = [
    `Hello ${options.username},`,
    'The password of your Emerald account has just been changed, and every other device signed in to your account has been signed out.',
    'If you did not change it, reset your password straight away with "Forgot password" and contact our support team.',
  ];
  return {
    to: options.to,
    subject: 'Your Emerald password has been changed',
    template: 'password-changed',
    text: [...paragraphs, options.siteUrl].join('\n\n'),
    html: layout('Your password has been changed', paragraphs, { label: 'Go to Emerald', href: options.siteUrl }),
  };
}

export function emailChangeMail(options: { to: string; username: string; confirmUrl: string; validDays: number } & MailLanguage): MailMessage {
  const words: Record<Language, MailWords> = {
    en: {
      subject: 'Confirm your new Emerald e-mail address',
      title: 'Confirm your new e-mail address',
      paragraphs: [
        `Hello ${options.username},`,
        'You asked to use this e-mail address for your Emerald account. Please confirm it with the link below; until then your account keeps its current address.',
        `The link works once, while you are signed in, and stays valid for ${options.validDays} days. If you did not ask for this, you can ignore this e-mail.`,
      ],
      action: { label: 'Confirm my new e-mail', href: options.confirmUrl },
    },
    mk: {
      subject: 'Потврдете ја новата адреса на е-пошта за Emerald',
      title: 'Потврдете ја новата адреса на е-пошта',
      paragraphs: [
        `Здраво ${options.username},`,
        'Побаравте оваа адреса на е-пошта да биде адресата на вашата сметка во Emerald. Потврдете ја со врската подолу; дотогаш сметката ја задржува сегашната адреса.',
        `Врската работи еднаш, додека сте најавени, и важи ${options.validDays} дена. Ако не го побаравте ова, занемарете ја оваа е-пошта.`,
      ],
      action: { label: 'Потврди ја новата е-пошта', href: options.confirmUrl },
    },
  };
  return compose(options.to, 'email-change', words[options.language ?? 'en'], options.language);
}

export function emailChangeNoticeMail(options: { to: string; username: string; siteUrl: string } & MailLanguage): MailMessage {
  const words: Record<Language, MailWords> = {
    en: {
      subject: 'A change of your Emerald e-mail address was requested',
      title: 'E-mail address change requested',
      paragraphs: [
        `Hello ${options.username},`,
        'Someone signed in to your Emerald account asked to change its e-mail address. The change takes effect only when the link sent to the new address is followed.',
        'If this was not you, change your password now and contact our support team.',
      ],
      action: { label: 'Go to Emerald', href: options.siteUrl },
    },
    mk: {
      subject: 'Побарана е промена на адресата на е-пошта за Emerald',
      title: 'Побарана е промена на адресата на е-пошта',
      paragraphs: [
        `Здраво ${options.username},`,
        'Некој најавен на вашата сметка во Emerald побара промена на нејзината адреса на е-пошта. Промената важи дури кога ќе се отвори врската испратена на новата адреса.',
        'Ако тоа не сте вие, веднаш променете ја лозинката и контактирајте го нашиот тим за поддршка.',
      ],
      action: { label: 'Кон Emerald', href: options.siteUrl },
    },
  };
  return compose(options.to, 'email-change-notice', words[options.language ?? 'en'], options.language);
}

/** The identity documents a player uploaded were approved by staff: the account may now play for real. */
export function documentsApprovedMail(options: { to: string; username: string; siteUrl: string } & MailLanguage): MailMessage {
  if (options.language === 'mk') {
    const paragraphs = [
      `Здраво ${options.username},`,
      'Ви благодариме за трпението. Вашите документи се потврдени и вашата сметка во Emerald е активна.',
      'Можете веднаш да уплаќате и да играте со вистински пари.',
    ];
    return {
      to: options.to,
      subject: 'Вашата сметка во Emerald е активна',
      template: 'documents-approved',
      text: [...paragraphs, options.siteUrl].join('\n\n'),
      html: layout('Вашата сметка е активна', paragraphs, { label: 'Почнете да играте', href: options.siteUrl }, 'mk'),
    };
  }
  const paragraphs = [
    `Hello ${options.username},`,
    'Thank you for your patience. Your documents have been verified and your Emerald account is now active.',
    'You can deposit and play for real straight away.',
  ];
  return {
    to: options.to,
    subject: 'Your Emerald account is active',
    template: 'documents-approved',
    text: [...paragraphs, options.siteUrl].join('\n\n'),
    html: layout('Your account is active', paragraphs, { label: 'Start playing', href: options.siteUrl }),
  };
}

/** Staff could not accept the documents: the player is told why and where to upload again. */
export function documentsRejectedMail(options: { to: string; username: string; reason: string | null; identificationUrl: string } & MailLanguage): MailMessage {
  if (options.language === 'mk') {
    const paragraphs = [
      `Здраво ${options.username},`,
      'Не успеавме да го потврдиме вашиот идентитет од документите што ги испративте.',
      ...(options.reason ? [`Причина: ${options.reason}`] : []),
      'Прикачете јасна копија од важечки документ за идентитет на страницата за идентификација.',
    ];
    return {
      to: options.to,
      subject: 'Не успеавме да ги потврдиме вашите документи за Emerald',
      template: 'documents-rejected',
      text: [...paragraphs, options.identificationUrl].join('\n\n'),
      html: layout('Прикачете ги документите повторно', paragraphs, { label: 'Прикачи документи', href: options.identificationUrl }, 'mk'),
    };
  }
  const paragraphs = [
    `Hello ${options.username},`,
    'We could not verify your identity from the documents you sent.',
    ...(options.reason ? [`Reason: ${options.reason}`] : []),
    'Please upload a clear copy of a valid identity document from the Identification page.',
  ];
  return {
    to: options.to,
    subject: 'We could not verify your Emerald documents',
    template: 'documents-rejected',
    text: [...paragraphs, options.identificationUrl].join('\n\n'),
    html: layout('Please upload your documents again', paragraphs, { label: 'Upload documents', href: options.identificationUrl }),
  };
}

/**
 * Refer a friend: an invitation with the referrer's link (the only thing it carries of the referrer is
 * their first name, if given). The friend's language is not known: it is written in the referrer's.
 */
export function referralInvitationMail(options: { to: string; referrerName: string | null; referralUrl: string } & MailLanguage): MailMessage {
  const words: Record<Language, MailWords> = {
    en: {
      subject: 'You are invited to Emerald',
      title: 'You are invited to Emerald',
      paragraphs: [
        'Life is Better with Friends!',
        `${options.referrerName ? `${options.referrerName}, a friend of yours,` : 'A friend of yours'} has invited you to play at Emerald, the casino and bingo portal.`,
        'Open the link below to join. You must be 18 or over to play.',
        "If you do not know the sender, you can ignore this e-mail: we keep your address only as part of your friend's invitation.",
      ],
      action: { label: 'Join Emerald', href: options.referralUrl },
    },
    mk: {
      subject: 'Поканети сте во Emerald',
      title: 'Поканети сте во Emerald',
      paragraphs: [
        'Животот е подобар со пријатели!',
        `${options.referrerName ? `${options.referrerName}, ваш пријател,` : 'Ваш пријател'} ве покани да играте во Emerald, порталот за казино и бинго.`,
        'Отворете ја врската подолу за да се приклучите. Мора да имате најмалку 18 години за да играте.',
        'Ако не го познавате испраќачот, занемарете ја оваа е-пошта: вашата адреса ја чуваме само како дел од поканата на вашиот пријател.',
      ],
      action: { label: 'Приклучи се во Emerald', href: options.referralUrl },
    },
  };
  return compose(options.to, 'referral-invitation', words[options.language ?? 'en'], options.language);
}

/**
 * The monthly activity statement (issue 29 item 10), already in the player's language: the
 * statements module writes its words, this gives them the e-mail's layout (every line escaped).
 */
export function activityStatementMail(options: { to: string; subject: string; paragraphs: string[] }): MailMessage {
  return {
    to: options.to,
    subject: options.subject,
    template: 'activity-statement',
    text: options.paragraphs.join('\n\n'),
    html: layout(options.subject, options.paragraphs),
  };
}

/**
 * The account-holder register's notice before a removal for inactivity (issue 29 item 9), already in
 * the player's language: the account-register module writes its words, this gives them the
 * e-mail's layout (every line escaped) and a link to sign in and keep the account.
 */
export function accountRemovalNoticeMail(options: { to: string; subject: string; paragraphs: string[]; action: { label: string; href: string } }): MailMessage {
  return {
    to: options.to,
    subject: options.subject,
    template: 'account-removal-notice',
    text: [...options.paragraphs, `${options.action.label}: ${options.action.href}`].join('\n\n'),
    html: layout(options.subject, options.paragraphs, options.action),
  };
}

/**
 * A marketing e-mail (an offer, news): sent only through the marketing module, which asks the
 * player's consent for the product and e-mail at send time (SR 5.1.12). It says why it came and
 * where the player changes that.
 */
export function marketingMail(options: {
  to: string;
  subject: string;
  paragraphs: string[];
  productName: string;
  preferencesUrl: string;
  action?: { label: string; href: string };
}): MailMessage {
  const why = `You get this because you accept ${options.productName} offers by e-mail. To stop them, untick that box in your account's marketing preferences.`;
  const paragraphs = [...options.paragraphs, why];
  return {
    to: options.to,
    subject: options.subject,
    template: 'marketing',
    text: [...paragraphs, ...(options.action ? [options.action.href] : []), options.preferencesUrl].join('\n\n'),
    html: layout(options.subject, paragraphs, options.action ?? { label: 'Marketing preferences', href: options.preferencesUrl }),
  };
}
