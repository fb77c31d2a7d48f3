import { Button, Code, Fieldset, NativeSelect, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { LogicEntry } from '@under/core/forms/component.schema';
import type { FormComponent } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { useEffect, useRef, useState } from 'react';
import { ConditionFields } from './condition-editor';
import {
  LOGIC_EFFECTS,
  type LogicEffect,
  logicToSimple,
  parseCalculation,
  type SimpleLogic,
  simpleToLogic,
  type ValueTarget,
  valueTargetOf,
} from './logic-rules';

const EFFECT_LABELS: Record<LogicEffect, string> = {
  value: UI_TEXT.builderLogicEffectValue,
  disable: UI_TEXT.builderLogicEffectDisable,
  enable: UI_TEXT.builderLogicEffectEnable,
  require: UI_TEXT.builderLogicEffectRequire,
  optional: UI_TEXT.builderLogicEffectOptional,
  hide: UI_TEXT.builderLogicEffectHide,
  show: UI_TEXT.builderLogicEffectShow,
};

/** A problem with what is typed is read out as it appears (it is also the input's description). */
const ANNOUNCED = { role: 'alert' } as const;

/** JSON values are equal when they print alike (the rules here are small, and built from JSON). */
const sameJson = (a: unknown, b: unknown) => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

interface Draft<T> {
  text: string;
  /** What the text was made from or wrote: while the field still holds it, the text as typed stays. */
  source: T;
  error?: string;
}

/**
 * A text the user types over a value the builder holds. The text stays as typed (spaces, an unfinished rule) while
 * the field holds what it came from or wrote; once the field holds something else (undo, redo, an import), the text
 * is made afresh from it, so the editor never shows, nor writes back, a value the field no longer has.
 */
function useDraft<T>(value: T, show: (value: T) => string): [Draft<T>, (next: Draft<T>) => void] {
  const [draft, setDraft] = useState<Draft<T>>(() => ({ text: show(value), source: value }));
  if (sameJson(draft.source, value)) return [draft, setDraft];
  const fresh = { text: show(value), source: value };
  setDraft(fresh);
  return [fresh, setDraft];
}

/**
 * Logic entries carry no id in the form's schema; the editor names each entry object, and the entry it writes in its
 * place takes the same name. Undo brings back the very objects, so their names come back with them. Never saved.
 */
const entryIds = new WeakMap<LogicEntry, string>();
let lastEntryId = 0;
function entryId(entry: LogicEntry): string {
  let id = entryIds.get(entry);
  if (id === undefined) {
    lastEntryId++;
    id = `logic-entry-${lastEntryId}`;
    entryIds.set(entry, id);
  }
  return id;
}
/** The entry written in place of another keeps its id (its editor, draft and focus stay). */
function sameId(next: LogicEntry, previous: LogicEntry): LogicEntry {
  entryIds.set(next, entryId(previous));
  return next;
}
/** Ids for a list: the same object twice (a pasted duplicate) still gets two keys. */
function listIds(entries: readonly LogicEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const id = entryId(entry);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id}~${n}`;
  });
}

interface LogicEditorProps {
  component: FormComponent;
  /** The other fields a condition may test. */
  fields: readonly FormComponent[];
  onChange: (next: FormComponent, attribute: string) => void;
}

/**
 * A field's calculated value and logic actions (decisions 069, 093). The calculation is typed as JSON and kept only
 * when core's validateLogic accepts it; nothing typed here is ever run as code.
 */
export function LogicEditor({ component, fields, onChange }: LogicEditorProps) {
  const set = (patch: Partial<FormComponent>, attribute: string) =>
    onChange({ ...component, ...patch } as FormComponent, attribute);
  const logic = component.logic ?? [];
  const setLogic = (next: LogicEntry[]) => set({ logic: next.length ? next : undefined }, 'logic');
  const ids = listIds(logic);
  const target = valueTargetOf(component.type);
  // keyboard: an added action's first control takes focus; a removed one's Remove button gives it to "Add"
  const [added, setAdded] = useState<string>();
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <Stack gap="md">
      <CalculationInput
        value={component.calculateValue}
        onChange={(rule) =>
          set(
            rule === undefined
              ? { calculateValue: undefined, allowCalculateOverride: undefined }
              : { calculateValue: rule },
            'calculateValue',
          )
        }
      />
      <Switch
        label={UI_TEXT.builderLogicAllowOverride}
        disabled={component.calculateValue === undefined}
        checked={component.allowCalculateOverride === true}
        onChange={(e) =>
          set({ allowCalculateOverride: e.currentTarget.checked || undefined }, 'allowCalculateOverride')
        }
      />
      <Stack gap="xs">
        <Title order={3} size="h6">
          {UI_TEXT.builderLogicActions}
        </Title>
        {logic.length === 0 ? (
          <Text size="sm" c="dimmed">
            {UI_TEXT.builderLogicNoActions}
          </Text>
        ) : null}
        {logic.map((entry, i) => (
          <LogicEntryEditor
            key={ids[i]}
            n={i + 1}
            entry={entry}
            target={target}
            fields={fields}
            onChange={(next) => setLogic(logic.map((e, j) => (j === i ? sameId(next, e) : e)))}
            focusOnMount={ids[i] === added}
            onRemove={() => {
              setLogic(logic.filter((_, j) => j !== i));
              addButton.current?.focus();
            }}
          />
        ))}
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            {UI_TEXT.builderLogicNoOtherField}
          </Text>
        ) : null}
        <Button
          ref={addButton}
          variant="light"
          size="xs"
          w="fit-content"
          disabled={fields.length === 0}
          onClick={() => {
            const made = simpleToLogic({
              when: { when: fields[0]?.key ?? '', operator: 'equals', value: '' },
              effect: 'disable',
              value: '',
            });
            if (!('entry' in made)) return;
            setAdded(entryId(made.entry));
            setLogic([...logic, made.entry]);
          }}
        >
          {UI_TEXT.builderLogicAddAction}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The calculation as JSON text: a draft that is written to the field only when it is valid JSON Logic. */
function CalculationInput({ value, onChange }: { value: unknown; onChange: (rule: unknown) => void }) {
  const [draft, setDraft] = useDraft(value, (v) => (v === undefined ? '' : JSON.stringify(v)));
  return (
    <Textarea
      label={UI_TEXT.builderLogicCalculatedValue}
      description={UI_TEXT.builderLogicCalculatedValueHelp}
      autosize
      minRows={2}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      value={draft.text}
      error={draft.error}
      errorProps={ANNOUNCED}
      onChange={(e) => {
        const text = e.currentTarget.value;
        const parsed = parseCalculation(text);
        if (parsed.error !== undefined) {
          setDraft({ text, source: draft.source, error: parsed.error });
          return;
        }
        setDraft({ text, source: parsed.rule });
        onChange(parsed.rule);
      }}
    />
  );
}

interface LogicEntryEditorProps {
  n: number;
  entry: LogicEntry;
  target: ValueTarget;
  fields: readonly FormComponent[];
  onChange: (next: LogicEntry) => void;
  onRemove: () => void;
  /** Just added: its first control takes focus. */
  focusOnMount?: boolean;
}

function LogicEntryEditor({ n, entry, target, fields, onChange, onRemove, focusOnMount }: LogicEntryEditorProps) {
  const simple = logicToSimple(entry);
  const box = useRef<HTMLFieldSetElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the editor of a just added action appears
  useEffect(() => {
    if (focusOnMount) box.current?.querySelector<HTMLElement>('select, input, textarea, button')?.focus();
  }, []);
  // the value as typed, kept while it is not yet valid (an unfinished JSON Logic rule) or while it means what the
  // entry holds; made afresh from the entry when the entry changes otherwise (undo, redo)
  const [draft, setDraft] = useDraft(entry, () => (simple === 'custom' ? '' : simple.value));
  const remove = (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      w="fit-content"
      aria-label={UI_TEXT.builderLogicRemoveAction(n)}
      onClick={onRemove}
    >
      Remove
    </Button>
  );
  if (simple === 'custom') {
    return (
      <Fieldset ref={box} legend={UI_TEXT.builderLogicAction(n)}>
        <Stack gap="xs">
          <Text size="sm">{UI_TEXT.builderLogicCustom}</Text>
          <Code block>{JSON.stringify(entry, null, 2)}</Code>
          {remove}
        </Stack>
      </Fieldset>
    );
  }
  const write = (next: LogicEntry, text: string) => {
    setDraft({ text, source: next });
    onChange(next);
  };
  const update = (change: Partial<SimpleLogic>) => {
    if (change.value !== undefined) {
      // a typed value: written when valid, else kept as the input's draft with its problem
      const made = simpleToLogic({ ...simple, value: change.value }, target);
      if ('error' in made) setDraft({ text: change.value, source: draft.source, error: made.error });
      else write(made.entry, change.value);
      return;
    }
    // a change of the test or the effect: with a valid draft, its value (a value typed before the effect was
    // "set value" comes back with it); with an unfinished one, the value the entry holds, and the draft stays
    const value = draft.error === undefined ? draft.text : simple.value;
    const made = simpleToLogic({ ...simple, value, ...change }, target);
    if ('error' in made) {
      setDraft({ ...draft, error: made.error });
      return;
    }
    setDraft({ text: draft.text, source: made.entry, error: draft.error });
    onChange(made.entry);
  };
  return (
    <Fieldset ref={box} legend={UI_TEXT.builderLogicAction(n)}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {UI_TEXT.builderLogicWhen}
        </Text>
        <ConditionFields
          value={simple.when}
          fields={fields}
          onChange={(change) => update({ when: { ...simple.when, ...change } })}
        />
        <NativeSelect
          label={UI_TEXT.builderLogicThen}
          value={simple.effect}
          onChange={(e) => update({ effect: e.currentTarget.value as LogicEffect })}
          data={LOGIC_EFFECTS.map((e) => ({ value: e, label: EFFECT_LABELS[e] }))}
        />
        {simple.effect === 'value' ? (
          <TextInput
            label={UI_TEXT.builderLogicValue}
            description={UI_TEXT.builderLogicValueHelp}
            value={draft.text}
            error={draft.error}
            errorProps={ANNOUNCED}
            onChange={(e) => update({ value: e.currentTarget.value })}
          />
        ) : null}
        {remove}
      </Stack>
    </Fieldset>
  );
}
