import type { DetectedField } from '@under/core/templates/detected-field.schema';
import { type BindableEntry, bindLabel, keyFromLabel } from '@under/core/templates/field-binding';
import type { FoundField } from '../../infra/pdf/worker/detect-layout';

/**
 * The worker's boxes bound to the dictionary (issue 25): each label matched to an entry (its key, type, validation
 * and encryption come with it), in the owner group its row or section names; an unmatched label gets a key made
 * from its words. Keys are unique but for the buttons of one radio group, which share theirs. The confidence is the
 * layout's, raised by a good binding and lowered by none.
 */
export function bindFound(found: readonly FoundField[], entries: readonly BindableEntry[]): DetectedField[] {
  const used = new Map<string, number>();
  const groups = new Map<string, string>();
  return found.map((f) => {
    const bound = f.label
      ? bindLabel(f.label, entries, { section: f.section, owner: f.owner, type: f.type })
      : { key: keyFromLabel(`${f.type} ${f.page}`), score: 0 };
    const groupId = f.type === 'radio' ? `${f.page}:${f.label}:${Math.round(f.y / 4)}` : undefined;
    let key = groupId ? groups.get(groupId) : undefined;
    if (!key) {
      const n = (used.get(bound.key) ?? 0) + 1;
      used.set(bound.key, n);
      key = n === 1 ? bound.key : `${bound.key}_${n}`.slice(0, 100);
      if (groupId) groups.set(groupId, key);
    }
    const confidence = Math.max(0, Math.min(1, f.confidence * (bound.binding ? 0.85 + 0.15 * bound.score : 0.85)));
    return {
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
      type: f.type,
      label: f.label.slice(0, 500),
      suggestedKey: key,
      confidence: Math.round(confidence * 100) / 100,
      ...(f.optionValue ? { optionValue: f.optionValue.slice(0, 500) } : {}),
      ...(f.combCells ? { combCells: f.combCells } : {}),
      ...(f.multiline ? { multiline: true } : {}),
      ...(f.owner ? { owner: f.owner } : {}),
      ...(bound.binding ? { binding: bound.binding } : {}),
    };
  });
}
