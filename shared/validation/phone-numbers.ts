/**
 * Recognises the forms of a Chinese phone number that the issue call's `mobile` and `phone`
 * (landline) fields take: a mobile is `1[3-9]` and nine digits, optionally after +86 or 86; a
 * landline is an area code (0 and two or three digits, or the area code without its 0 after
 * +86) and a seven- or eight-digit number not starting with 0, optionally followed by an
 * extension. Spaces, hyphens and brackets around the area code are how people write them and
 * are accepted. One text may hold a mobile and a landline, separated by `/`, `,`, `;` or spaces.
 * Anything else — "12345", a number without its area code — is neither, and a label would carry
 * a number nobody can call.
 */

/** What a phone text holds, each part ready for its field; '' where that kind was not given. */
export interface RecognisedPhoneNumbers {
  /** The mobile's 11 digits (a +86 prefix dropped). */
  mobile: string;
  /** The landline as written (trimmed). */
  phone: string;
}

const mobilePattern = /^(?:\+?86)?(1[3-9]\d{9})$/;
// The area code keeps its 0, except after the country code (+86 571 …), where it may be dropped.
const landlinePattern =
  /^(?:\+?86[ -]?(?:\(0?[1-9]\d{1,2}\)|0?[1-9]\d{1,2})|\(0[1-9]\d{1,2}\)|0[1-9]\d{1,2})[ -]?[1-9]\d{2,3}[ -]?\d{4}(?:[ -]?(?:-|#|ext\.?|转)?[ -]?\d{1,6})?$/i;

/** A single number's kind and its value for the field; null when it is neither form. */
function recogniseOne(text: string): { kind: 'mobile' | 'phone'; value: string } | null {
  const trimmed = text.trim();
  const compact = trimmed.replace(/[ -]/g, '');
  const mobile = mobilePattern.exec(compact);
  if (mobile?.[1]) return { kind: 'mobile', value: mobile[1] };
  if (landlinePattern.test(trimmed) && digitCount(trimmed) >= 10) return { kind: 'phone', value: trimmed };
  return null;
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** Splits a text holding one or two numbers: separators `/ , ; ，；`, or else two space-separated halves. */
function candidates(text: string): string[][] {
  const bySeparator = text.split(/[/,;，；、]/).map((part) => part.trim()).filter((part) => part !== '');
  const splits: string[][] = [bySeparator];
  if (bySeparator.length === 1) {
    const words = text.trim().split(/\s+/);
    for (let cut = 1; cut < words.length; cut++) splits.push([words.slice(0, cut).join(' '), words.slice(cut).join(' ')]);
  }
  return splits;
}

/**
 * The mobile and landline of a phone text (Settings' sender phone), or null when the text is not
 * one mobile, one landline, or one of each. Empty text gives two empty parts.
 */
export function recognisePhoneNumbers(text: string): RecognisedPhoneNumbers | null {
  if (text.trim() === '') return { mobile: '', phone: '' };
  for (const parts of candidates(text)) {
    if (parts.length > 2) return null;
    const recognised = parts.map(recogniseOne);
    if (recognised.some((part) => part === null)) continue;
    const mobiles = recognised.filter((part) => part?.kind === 'mobile');
    const landlines = recognised.filter((part) => part?.kind === 'phone');
    if (mobiles.length > 1 || landlines.length > 1) return null;
    return { mobile: mobiles[0]?.value ?? '', phone: landlines[0]?.value ?? '' };
  }
  return null;
}

/** The longest sender phone text Settings accepts: a mobile and a landline with an extension, and a separator. */
export const SENDER_PHONE_TEXT_MAX = 40;
