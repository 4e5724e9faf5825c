/**
 * Chinese phone numbers as a sender enters them: a mobile (1[3-9] and nine more digits, the
 * country code +86 allowed) or a landline with its area code (0 and two or three digits, then a
 * 7–8 digit number; an extension after -, 转, # or ext). Anything else — "12345", a number without
 * its area code — is neither, and a label would carry a number nobody can call.
 */

/** Which kind of number a sender phone is. */
export type PhoneKind = 'mobile' | 'landline';

const COUNTRY = String.raw`(?:\+?86[- ]?)`;
const MOBILE = new RegExp(`^${COUNTRY}?1[3-9]\\d{9}$`);
// The area code keeps its 0, except after the country code (+86 571 …); the local number may be split by one dash.
const AREA = String.raw`(?:${COUNTRY}(?:\(0?[1-9]\d{1,2}\)|0?[1-9]\d{1,2})|\(0[1-9]\d{1,2}\)|0[1-9]\d{1,2})`;
const LANDLINE = new RegExp(String.raw`^${AREA}[- ]?[1-9]\d{2,3}-?\d{4}(?:(?:-|转|#|ext\.?)\d{1,6})?$`, 'i');

/** Whether a phone number is a mobile or a landline, or null when it is neither (spaces inside are ignored). */
export function phoneKind(text: string): PhoneKind | null {
  const compact = text.trim().replace(/\s+/g, '');
  if (MOBILE.test(compact)) return 'mobile';
  if (LANDLINE.test(compact)) return 'landline';
  return null;
}
