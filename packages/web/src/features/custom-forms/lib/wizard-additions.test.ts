import type { CustomFormDocument } from '@under/core/custom-forms/custom-form.schema';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { describe, expect, it } from 'vitest';
import { additionKeyErrors, additionsForm } from './wizard-additions';

const field = (key: string): FormComponent => ({ type: 'textfield', key, label: key, input: true }) as FormComponent;
const panel = (key: string, components: FormComponent[]): FormComponent =>
  ({ type: 'panel', key, title: key, input: false, components }) as FormComponent;
const docOf = (additions: FormComponent[]) => ({ additions }) as unknown as CustomFormDocument;
const master = (display: 'form' | 'wizard', components: FormComponent[]) =>
  ({ version: 1, display, components }) as unknown as FormDefinition;

describe('additionKeyErrors', () => {
  it('names each key clash by the key of the addition its path points at, first message kept', () => {
    const doc = docOf([panel('page', [field('a'), field('b')])]);
    const errors = additionKeyErrors(doc, [
      { path: 'customFormDocument.additions[0].components[1].key', message: 'This key already existed.' },
      { path: 'customFormDocument.additions[0].components[1].key', message: 'second' },
      { path: 'customFormDocument.name', message: 'not a key' },
    ]);
    expect([...errors]).toEqual([['b', 'This key already existed.']]);
  });
});

describe('additionsForm', () => {
  it('gives an empty wizard one page whose key the master does not use', () => {
    const form = additionsForm(master('wizard', [panel('additionalQuestions', [])]), docOf([]));
    expect(form.display).toBe('wizard');
    expect(form.components).toHaveLength(1);
    expect(form.components[0]).toMatchObject({
      type: 'panel',
      key: 'additionalQuestions1',
      title: T.firstAdditionalPage,
    });
  });

  it('keeps the additions as they are otherwise', () => {
    const additions = [field('x')];
    expect(additionsForm(master('form', []), docOf(additions)).components).toBe(additions);
    expect(additionsForm(master('wizard', []), docOf([panel('p', [])])).components[0]?.key).toBe('p');
  });
});
