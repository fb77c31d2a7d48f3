import type { PdfField } from './pdf-field.schema';

/**
 * Which boxes of an institution's PDF carry the e-signature, and whose (issue 21 §2, decision 058).
 *
 * - A box is a **signature** box when it is a signature box of the mapping or bound to a signature field of the
 *   form; one whose key, binding, name or label says "initials" is an **initials** box.
 * - A date box is a **signing date** when its key, binding, name or label says so (`date_signed`,
 *   `signature_date`, `Date of signature`…), or when, left empty by the form, it sits beside a signature box: on the
 *   same line (vertical spans overlap) within 3 inches to its right or left, or just under it (within half an inch,
 *   overlapping it across). A date of birth is never one.
 * - **The owner** of a box is the number `ownerN` / `owner_N` / `Owner N` in its binding's key, else its own key,
 *   name or label (the starter dictionary's owner entries and owner N's section: owner 1 is the primary applicant,
 *   owner 2 the first additional owner as named); a box that names no owner is the primary's (owner 1). A signing
 *   date that names no owner takes the owner of the signature box it sits beside.
 */
export type SigningBoxKind = 'signature' | 'initials' | 'signingDate';

type Box = Pick<PdfField, 'key' | 'type' | 'page' | 'x' | 'y' | 'width' | 'height'> &
  Partial<Pick<PdfField, 'name' | 'label' | 'bindingField'>>;

/** The box's names as lower-case words joined by `_` (camelCase and punctuation split). */
function wordsOf(box: Box): string[] {
  return [box.bindingField?.key, box.key, box.name, box.label]
    .filter((s): s is string => typeof s === 'string' && s !== '')
    .map(
      (s) =>
        `_${s
          .replace(/([a-z])([A-Z0-9])/g, '$1_$2')
          .replace(/([0-9])([A-Za-z])/g, '$1_$2')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')}_`,
    );
}

const OWNER = /_owner_?(\d{1,2})_/;
const INITIALS = /_initial(s|ed)?_/;
const SIGNING_DATE =
  /_(date_signed|signed_date|signature_date|signing_date|sign_date|date_of_signature|date_of_signing|execution_date|date_executed|signed_on)_/;
const BIRTH = /_(dob|birth|birthday|date_of_birth)_/;

/** A signature box, a box bound to a signature field, or an unbound text box that reads as a signature (as
 * formFromMapping makes a signature field of it), not the signer's printed name, title or the date. */
const isSignatureBox = (box: Box) =>
  box.type === 'signature' ||
  box.bindingField?.type === 'signature' ||
  (box.type === 'text' &&
    !box.bindingField &&
    wordsOf(box).some((w) => /_signature_/.test(w)) &&
    !wordsOf(box).some((w) => /_(name|title|print|printed|date)_/.test(w)));
const isDateBox = (box: Box) =>
  box.type === 'date' || box.bindingField?.type === 'datetime' || box.bindingField?.type === 'day';

/** The owner number a box names (1 = the primary applicant), or undefined when it names none. */
export function namedOwner(box: Box): number | undefined {
  for (const words of wordsOf(box)) {
    const m = OWNER.exec(words);
    if (m) return Math.max(1, Number(m[1]));
  }
  return undefined;
}

/** The owner a box belongs to: the one it names, else the primary applicant (1). */
export const ownerOfBox = (box: Box): number => namedOwner(box) ?? 1;

/** The signature kind of a box by its own type and names (not its place), or undefined. */
function ownKind(box: Box): SigningBoxKind | undefined {
  const words = wordsOf(box);
  if (isSignatureBox(box)) return words.some((w) => INITIALS.test(w)) ? 'initials' : 'signature';
  if (!isDateBox(box) && box.type !== 'text') return undefined;
  if (words.some((w) => BIRTH.test(w))) return undefined;
  if (words.some((w) => SIGNING_DATE.test(w))) return 'signingDate';
  return undefined;
}

/** The signature box a date box sits beside (same line within 3 inches, or just under), nearest first. */
function besideSignature(date: Box, signatures: readonly Box[]): Box | undefined {
  let best: { box: Box; distance: number } | undefined;
  for (const s of signatures) {
    if (s.page !== date.page) continue;
    const sameLine = date.y < s.y + s.height && date.y + date.height > s.y;
    const gap =
      date.x >= s.x + s.width ? date.x - (s.x + s.width) : s.x >= date.x + date.width ? s.x - (date.x + date.width) : 0;
    const under = date.y >= s.y + s.height - 1 && date.y - (s.y + s.height) <= 36;
    const across = date.x < s.x + s.width && date.x + date.width > s.x;
    let distance: number | undefined;
    if (sameLine && gap <= 216) distance = gap;
    else if (under && across) distance = date.y - (s.y + s.height);
    if (distance !== undefined && (!best || distance < best.distance)) best = { box: s, distance };
  }
  return best?.box;
}

export interface SigningBox {
  key: string;
  kind: SigningBoxKind;
  /** 1 = the primary applicant, 2 = the first additional owner, … */
  owner: number;
}

/**
 * The boxes of a mapping that carry an owner's e-signature: signature and initials boxes, and signing-date boxes.
 * `hasFormValue(box)` says whether the form gives the box a value: a date box beside a signature is a signing date
 * only when it does not (a box named as a signing date always is).
 */
export function signingBoxes(fields: readonly Box[], hasFormValue: (box: Box) => boolean = () => false): SigningBox[] {
  const signatures = fields.filter((f) => ownKind(f) === 'signature' || ownKind(f) === 'initials');
  const out: SigningBox[] = [];
  for (const f of fields) {
    const kind = ownKind(f);
    if (kind === 'signature' || kind === 'initials') out.push({ key: f.key, kind, owner: ownerOfBox(f) });
    else if (kind === 'signingDate') {
      const beside = besideSignature(f, signatures);
      out.push({ key: f.key, kind, owner: namedOwner(f) ?? (beside ? ownerOfBox(beside) : 1) });
    } else if (isDateBox(f) && !hasFormValue(f) && !wordsOf(f).some((w) => BIRTH.test(w))) {
      const beside = besideSignature(f, signatures);
      if (beside) out.push({ key: f.key, kind: 'signingDate', owner: namedOwner(f) ?? ownerOfBox(beside) });
    }
  }
  return out;
}

/** What one owner signed with, for the boxes: images as data URLs, the signing time as an ISO string. */
export interface OwnerSigning {
  signature?: string;
  initials?: string;
  signedAt?: string;
}

/**
 * The values of the signing boxes: each box the image or date of its owner (`owners[0]` is owner 1, the primary).
 * A signature or initials box the form already fills with a drawing keeps it (the applicant drew it while filling);
 * a box whose owner has not signed (or gave no initials) stays empty.
 */
export function signingBoxValues(
  fields: readonly Box[],
  owners: readonly (OwnerSigning | undefined)[],
  formImage: (box: Box) => boolean,
  hasFormValue: (box: Box) => boolean = formImage,
): Record<string, string> {
  const values: Record<string, string> = {};
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const box of signingBoxes(fields, hasFormValue)) {
    const field = byKey.get(box.key);
    const owner = owners[box.owner - 1];
    if (!field || !owner) continue;
    if (box.kind === 'signingDate') {
      if (owner.signedAt) values[box.key] = owner.signedAt;
      continue;
    }
    if (formImage(field)) continue;
    const image = box.kind === 'initials' ? owner.initials : owner.signature;
    if (image) values[box.key] = image;
  }
  return values;
}

/** The items a mapping asks of owner `n` (1 = the primary): initials when one of its boxes is an initials box. */
export function mappedItemsOf(fields: readonly Box[], n: number): ('signature' | 'initials')[] {
  const mine = signingBoxes(fields).filter((b) => b.owner === n);
  return mine.some((b) => b.kind === 'initials') ? ['signature', 'initials'] : ['signature'];
}
