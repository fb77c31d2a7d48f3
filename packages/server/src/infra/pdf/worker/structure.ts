import {
  PDFArray,
  PDFCatalog,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFPageLeaf,
  PDFPageTree,
} from 'pdf-lib';
import type { PdfLimits } from '../pdf-limits';
import { Refusal } from './refusal';

/** Levels of page tree nodes (real files have a handful; pdf-lib recurses once per level). */
const MAX_TREE_DEPTH = 64;

const damaged = (why: string) => new Refusal('damaged', why);

/** Follows a page's /Parent chain up to the root: every step a page tree node, no node twice. */
function checkParents(doc: PDFDocument, leaf: PDFPageLeaf, known: Set<PDFObject>) {
  const path = new Set<PDFObject>();
  let node: PDFObject | undefined = doc.context.lookup(leaf.get(PDFName.of('Parent')));
  while (node !== undefined && !known.has(node)) {
    if (!(node instanceof PDFPageTree)) throw damaged('a page whose parent is not a page tree node');
    if (path.has(node)) throw damaged('a loop of page parents');
    path.add(node);
    node = doc.context.lookup(node.get(PDFName.of('Parent')));
  }
  for (const n of path) known.add(n);
}

const countOf = (doc: PDFDocument, node: PDFPageTree) => {
  const count = doc.context.lookup(node.get(PDFName.of('Count')));
  if (!(count instanceof PDFNumber) || !Number.isInteger(count.asNumber()) || count.asNumber() < 0)
    throw damaged('a page tree node without a non-negative /Count');
  return count.asNumber();
};

interface Frame {
  node: PDFPageTree;
  kids: PDFArray;
  next: number;
  leaves: number;
}

/**
 * The document's catalog and page tree as a viewer needs them: /Root a catalog, its /Pages a page tree whose nodes
 * each have /Kids and a /Count equal to the pages under them, no node reached twice (a loop, or a page listed twice),
 * each page's /Parent chain free of loops; 1 to `maxPages` pages. pdf-lib would recurse forever on a loop, answer
 * pages that pdf.js (the mapper's viewer) does not show for a wrong /Count, or fail with a TypeError on a missing
 * catalog; each is refused here with a reason instead.
 */
export function checkStructure(doc: PDFDocument, limits: PdfLimits): number {
  const { context } = doc;
  const root = context.lookup(context.trailerInfo.Root);
  if (!(root instanceof PDFCatalog)) throw damaged('no document catalog');
  const tree = context.lookup(root.get(PDFName.of('Pages')));
  if (!(tree instanceof PDFPageTree)) throw damaged('no page tree');

  const seen = new Set<PDFObject>([tree]);
  const known = new Set<PDFObject>();
  let pages = 0;
  const open = (node: PDFPageTree): Frame => {
    const kids = context.lookup(node.get(PDFName.of('Kids')));
    if (!(kids instanceof PDFArray)) throw damaged('a page tree node without /Kids');
    return { node, kids, next: 0, leaves: 0 };
  };
  const stack: Frame[] = [open(tree)];
  while (stack.length) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next >= frame.kids.size()) {
      stack.pop();
      if (countOf(doc, frame.node) !== frame.leaves) throw damaged('a /Count that does not match the pages');
      const parent = stack[stack.length - 1];
      if (parent) parent.leaves += frame.leaves;
      continue;
    }
    const kid = context.lookup(frame.kids.get(frame.next++));
    if (kid === undefined || seen.has(kid)) throw damaged('a page tree that loops or lists a page twice');
    seen.add(kid);
    if (kid instanceof PDFPageTree) {
      // pdf-lib walks the tree recursively: a tree deeper than any real file's would exhaust its stack
      if (stack.length >= MAX_TREE_DEPTH) throw damaged('a page tree nested too deep');
      stack.push(open(kid));
    } else if (kid instanceof PDFPageLeaf) {
      pages++;
      if (pages > limits.maxPages) throw new Refusal('too-many-pages');
      checkParents(doc, kid, known);
      frame.leaves++;
    } else throw damaged('a page tree node that is neither pages nor a page');
  }
  if (pages === 0) throw new Refusal('no-pages');
  return pages;
}
