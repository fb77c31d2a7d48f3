import type { DetectedBinding, DetectedFieldType } from './detected-field.schema';
import type { DictionaryDataType } from './pdf-field.schema';

/**
 * Binding a printed label to the dictionary (issue 25): "Fed. Tax ID #" and "TIN" find the EIN entry, "DBA" the
 * doing-business-as name, "DOB" an owner's date of birth. Pure: the words of the label, expanded through the
 * abbreviations merchant applications print, are compared with each entry's label and key words; an owner's
 * entries ("Owner 2 date of birth") are compared without their owner prefix and chosen by the owner the label's row
 * or section names. Unmatched labels get a key made from their words.
 */

/** What the matcher needs of a dictionary entry. */
export interface BindableEntry {
  id?: string;
  name: string;
  label: string;
  type: DictionaryDataType;
  require?: boolean;
  encrypted?: boolean;
  alternativeKeys?: readonly string[];
}

export interface BindContext {
  /** The heading of the part of the page the label sits in ("Owner / Principal 2", "Banking information"). */
  section?: string;
  /** The owner the row or section names, 1-based. */
  owner?: number;
  /** What the detector thinks the box is: a checkbox does not bind to a text entry. */
  type?: DetectedFieldType;
}

export interface BindResult {
  key: string;
  /** 0-1 agreement between the label and the entry; 0 for a humanised key. */
  score: number;
  binding?: DetectedBinding;
}

/** Abbreviations and other words for the same thing, as printed on merchant applications and tax forms. */
const PHRASES: readonly [RegExp, string][] = [
  [/\b(?:f\.?\s?e\.?\s?i\.?\s?n|e\.?\s?i\.?\s?n|t\.?\s?i\.?\s?n)\b/g, ' federal tax id ein '],
  [/\bemployer identification (?:number|no)\b/g, ' federal tax id ein '],
  [/\btax(?:payer)? id(?:entification)?(?: number| no)?\b/g, ' tax id '],
  [/\bfed(?:eral)?\.?\b/g, ' federal '],
  [/\bd\s?\/?\.?\s?b\s?\/?\.?\s?a\b/g, ' dba doing business as '],
  [/\bdoing business as\b/g, ' dba doing business as '],
  [/\btrade name\b/g, ' dba doing business as '],
  [/\bd\.?\s?o\.?\s?b\b/g, ' date of birth '],
  [/\bbirth ?date\b/g, ' date of birth '],
  [/\bs\.?\s?s\.?\s?n\b/g, ' social security number '],
  [/\bsoc(?:ial)?\.? sec(?:urity)?\.?(?: no| number| #)?\b/g, ' social security number '],
  [/\be-?\s?mail(?: address)?\b/g, ' email '],
  [/\b(?:tel|telephone|ph)\b/g, ' phone '],
  [/\bphone (?:number|no)\b/g, ' phone '],
  [/\bfax (?:number|no)\b/g, ' fax '],
  [/\bzip(?:\s?code)?\b|\bpostal code\b/g, ' zip code '],
  [/\baddr\b/g, ' address '],
  [/\bacct\b|\ba\/c\b/g, ' account '],
  [/\baba\b|\brtn\b|\btransit (?:number|no)\b|\brouting\b/g, ' routing number '],
  [/\bdda\b/g, ' account number '],
  [/\b(?:no|num|nbr|#)\b|#/g, ' number '],
  [/\bdl\b|\bdriver'?s? licen[cs]e\b/g, ' driver license '],
  [
    /\bown(?:ership)?\s?%|% (?:of )?ownership|percent(?:age)? (?:of )?ownership|ownership percent(?:age)?\b/g,
    ' ownership percent ',
  ],
  [/\byrs\b/g, ' years '],
  [/\bmcc\b|\bsic\b/g, ' merchant category code mcc '],
  [/\bweb ?site\b|\burl\b|\bweb address\b/g, ' website '],
  [
    /\bcorporate name\b|\bcompany legal name\b|\bbusiness legal name\b|\blegal business name\b/g,
    ' legal business name ',
  ],
  [/\blegal name\b/g, ' legal business name '],
  [/\bprint(?:ed)? name\b|\bname \(print\)/g, ' printed name signer '],
  [/\bsign here\b|\bauthori[sz]ed signer\b|\bsignature of\b/g, ' signature '],
  [/\bavg\b/g, ' average '],
  [/\bvol\b/g, ' volume '],
  [/\bmonthly (?:card |sales |visa\/mc )?volume\b/g, ' average monthly card volume '],
  [/\bstreet\b/g, ' street address '],
  [/\bgiven name\b|\bforename\b/g, ' first name '],
  [/\bfamily name\b|\bsurname\b/g, ' last name '],
  [/\bincorporated\b/g, ' incorporation '],
  [/\bestablished\b|\bstart date\b|\bdate started\b|\bin business since\b/g, ' date business established '],
  [/\bmiddle initial\b|\bm\.?i\b/g, ' middle initial '],
  [/\bdate\b/g, ' date '],
];

const STOP = new Set([
  'the',
  'of',
  'a',
  'an',
  'and',
  'or',
  'to',
  'for',
  'as',
  'if',
  'any',
  'your',
  'please',
  'print',
  'type',
  'in',
  'on',
  'is',
  'this',
  'be',
  's',
  'e',
  'g',
  'i',
  'if',
  'applicable',
  'include',
  'enter',
]);

/** Lower-case words of a text, abbreviations expanded. */
export function labelWords(text: string): string[] {
  let s = ` ${text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_:;,()[\]{}"*]+/g, ' ')
    .replace(/\s+/g, ' ')} `;
  for (const [re, to] of PHRASES) s = s.replace(re, to);
  return s
    .replace(/[^a-z0-9%' ]+/g, ' ')
    .split(' ')
    .map((w) => w.replace(/'s$|'/g, ''))
    .filter((w) => w && !STOP.has(w));
}

const OWNER_WORDS = /\b(?:owner|principal|officer|guarantor|partner|shareholder|member)s?\b/;

/** The owner a text names ("Owner 2", "Principal #1", "second owner"), 1-based; undefined when none. */
export function ownerOf(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const s = text.toLowerCase();
  if (!OWNER_WORDS.test(s)) return undefined;
  const n = /\b(?:owner|principal|officer|guarantor|partner|shareholder|member)\s*(?:#|no\.?|number)?\s*(\d)\b/.exec(s);
  if (n) return Number(n[1]);
  if (/\b(?:second|2nd|additional|co-?)\s*(?:owner|principal|officer|guarantor|partner)/.test(s)) return 2;
  return 1;
}

const OWNER_PREFIX = /^owner(\d+)_/;

interface Prepared {
  entry: BindableEntry;
  words: Set<string>;
  owner?: number;
}

const cache = new WeakMap<readonly BindableEntry[], Prepared[]>();

function prepare(entries: readonly BindableEntry[]): Prepared[] {
  let prepared = cache.get(entries);
  if (prepared) return prepared;
  prepared = entries.map((entry) => {
    const ownerMatch = OWNER_PREFIX.exec(entry.name);
    const owner = ownerMatch ? Number(ownerMatch[1]) : undefined;
    // an owner entry's own words, without "Owner 1"
    const label = owner ? entry.label.replace(/^owner\s*\d+\s*/i, '') : entry.label;
    const words = new Set(labelWords(label));
    return { entry, words, owner };
  });
  cache.set(entries, prepared);
  return prepared;
}

/** Dice agreement of two sets of words; shared words count double when the label is short. */
function agreement(label: readonly string[], entry: Set<string>): number {
  if (!label.length || !entry.size) return 0;
  const set = new Set(label);
  let shared = 0;
  for (const w of set) if (entry.has(w)) shared++;
  return (2 * shared) / (set.size + entry.size);
}

const TYPE_FITS: Record<DetectedFieldType, readonly DictionaryDataType[]> = {
  text: ['text', 'number', 'currency', 'date'],
  date: ['date', 'text'],
  signature: ['signature', 'image'],
  checkbox: ['checkbox', 'checkboxList', 'radio'],
  radio: ['radio', 'checkboxList', 'checkbox'],
};

/** A key from a label's words: "Legal Name:" -> legal_name; a label without letters gives `field`. */
export function keyFromLabel(label: string): string {
  const words = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 6);
  const key = words.join('_').slice(0, 60).replace(/_+$/, '');
  return key || 'field';
}

/** Below this agreement a label is not bound (measured on the bench corpus: issue 25, decision 068). */
export const BIND_THRESHOLD = 0.6;

/** Binds one printed label to the best dictionary entry, or gives it a humanised key. */
export function bindLabel(label: string, entries: readonly BindableEntry[], context: BindContext = {}): BindResult {
  const words = labelWords(label);
  const fallback = { key: keyFromLabel(label), score: 0 };
  if (!words.length) return fallback;
  const owner = ownerOf(label) ?? context.owner ?? ownerOf(context.section);
  const section = context.section ? new Set(labelWords(context.section)) : undefined;
  let best: { p: Prepared; score: number } | undefined;
  for (const p of prepare(entries)) {
    if (context.type && !TYPE_FITS[context.type].includes(p.entry.type)) continue;
    if (p.owner !== undefined && owner !== undefined && p.owner !== owner) continue;
    // an owner's entry needs a label or a section that speaks of an owner, and is owner 1's when none says which
    if (p.owner !== undefined && owner === undefined && p.owner !== 1) continue;
    let score = agreement(words, p.words);
    if (score === 0) continue;
    if (p.owner !== undefined && owner === undefined) score -= 0.35;
    if (p.owner === undefined && owner !== undefined) score -= 0.1;
    if (section) for (const w of p.words) if (section.has(w) && !words.includes(w)) score += 0.1;
    if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && p.words.size < best.p.words.size))
      best = { p, score };
  }
  if (!best || best.score < BIND_THRESHOLD) return fallback;
  const e = best.p.entry;
  return {
    key: e.name,
    score: Math.min(1, best.score),
    binding: {
      ...(e.id ? { dictionaryId: e.id } : {}),
      key: e.name,
      label: e.label,
      dataType: e.type,
      required: e.require ?? false,
      encrypted: e.encrypted ?? false,
    },
  };
}
