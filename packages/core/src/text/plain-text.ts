import { MESSAGES } from '../messages';

/**
 * Characters a name must never carry: C0 and C1 controls (CR, LF, TAB, NUL, ESC …), DEL, and the Unicode
 * bidirectional controls (embeddings, overrides and isolates, U+202A–U+202E and U+2066–U+2069, plus the
 * implicit marks U+200E/U+200F and U+061C). A name with a line break forges lines in e-mails and logs; one with
 * U+202E displays reversed ("Trojan Source" spoofing in lists, PDFs and e-mails).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_OR_BIDI.test(text);
}

/** A zod `refine` pair for names: `.refine(...PLAIN_NAME)`. */
export const PLAIN_NAME = [
  (text: string) => !hasControlCharacters(text),
  { message: MESSAGES.nameHasControlCharacters },
] as const;
