import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The address a call or text button opens: the number the card shows, in international form, so
 * the button dials what the player reads (defect 8: '1800 555 019' dialled 'tel:+353180055501').
 * National numbers are read as Irish, the site's home country. A shown number that is not a valid
 * phone number keeps the content's own link.
 */
export function dialLink(kind: string, shown: string, link: string): string {
  const parsed = shown ? parsePhoneNumberFromString(shown, 'IE') : undefined;
  if (!parsed?.isValid()) return link;
  return kind === 'sms' ? `sms:${parsed.number}` : parsed.getURI();
}
