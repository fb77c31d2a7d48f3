/** Labels of the mapper's field detection (issue 25): our own words (decision 012). */
export const DETECT_TEXT = {
  detect: 'Detect fields',
  detecting: 'Looking for fields on the pages…',
  title: 'Detected fields',
  intro: (n: number) =>
    n === 1
      ? '1 proposed field. Nothing is saved until you save the mapping.'
      : `${n} proposed fields. Nothing is saved until you save the mapping.`,
  none: 'No field was found on the pages: the PDF prints no lines, boxes or blanks to write on.',
  acceptAll: 'Accept all',
  rejectAll: 'Reject all',
  accept: 'Accept',
  reject: 'Reject',
  undo: 'Undo accept',
  accepted: (n: number) => (n === 1 ? '1 field added to the mapping.' : `${n} fields added to the mapping.`),
  confidence: (percent: number) => `${percent}% sure`,
  boxText: (key: string, percent: number) => `? ${key} ${percent}%`,
  boxLabel: (key: string, type: string, percent: number) => `Proposed ${type} field ${key}, ${percent}% sure`,
  bound: (label: string) => `Bound to the dictionary entry "${label}"`,
  unbound: 'Not in the dictionary: a key made from its label',
  selectedTitle: 'Proposed field',
  labelOnPage: (label: string) => (label ? `Printed label: "${label}"` : 'No printed label beside it'),
  adjustHint: 'Drag or resize the dashed box to adjust it before you accept it.',
};
