/**
 * The built-in test gateway's cards (README "Payments"). The browser turns one of these numbers into a token and
 * sends only the token: the number never reaches our server, as with a real gateway's own fields.
 */
export const TEST_CARDS = [
  { number: '4242424242424242', token: 'tok_test_visa', outcome: 'succeeds' },
  { number: '4000000000000002', token: 'tok_test_decline', outcome: 'is declined' },
  { number: '4000000000000127', token: 'tok_test_cvc', outcome: 'fails the CVC check' },
  { number: '4000000000000069', token: 'tok_test_expired', outcome: 'is refused as expired by its bank' },
  {
    number: '4000000000000341',
    token: 'tok_test_charge_fail',
    outcome: 'is saved, but every later charge is declined',
  },
] as const;

export type TestCardToken = (typeof TEST_CARDS)[number]['token'];
export const TEST_CARD_TOKENS: readonly string[] = TEST_CARDS.map((c) => c.token);

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the browser's check of a card found wrong, named as on the card form (issue 21 §5). */
export type CardFieldFailure = 'number' | 'expiry' | 'cvc';

/**
 * Checks a card for the test gateway in the browser and names what failed: the number (not a card number, or not
 * a test card), the expiry (not a month, or past) or the CVC (not 3-4 digits).
 */
export function checkTestCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): { token: TestCardToken } | { failure: CardFieldFailure } {
  const digits = card.number.replace(/[\s-]/g, '');
  const token = luhnValid(digits) ? TEST_CARDS.find((c) => c.number === digits)?.token : undefined;
  if (!token) return { failure: 'number' };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return { failure: 'expiry' };
  // valid through the last day of its month
  if (!Number.isInteger(year) || Date.UTC(year, card.expMonth, 1) <= now.getTime()) return { failure: 'expiry' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { failure: 'cvc' };
  return { token };
}

/**
 * Tokenizes a card for the test gateway in the browser: a known test number gives its token; anything else (a
 * real card number, a typo, an expired date, a CVC that is not 3-4 digits) gives null, which the page shows as the
 * spec's card validation text.
 */
export function tokenizeTestCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): TestCardToken | null {
  const checked = checkTestCard(card, now);
  return 'token' in checked ? checked.token : null;
}
