import { build } from '@under/core/forms/fixtures/build-form';
import { describe, expect, it } from 'vitest';
import { ownerSectionPage } from './owner-page';

const text = (key: string) => ({ type: 'textfield', key, label: key, input: true });
const page = (key: string, components: unknown[]) => ({ type: 'panel', key, title: key, input: false, components });

describe('ownerSectionPage', () => {
  const wizard = build(
    [
      page('business', [text('legal_name')]),
      page('page2', [text('owner1_dob')]),
      page('page3', [{ type: 'fieldset', key: 'details', input: false, components: [text('owner2_dob')] }]),
      page('owner3', [text('dob3')]),
    ],
    'wizard',
  );

  it("opens an owner's link on the first page holding their section", () => {
    expect(ownerSectionPage(wizard, 1)).toBe(1);
    expect(ownerSectionPage(wizard, 2)).toBe(2);
    expect(ownerSectionPage(wizard, 3)).toBe(3);
  });

  it('leaves the first page for a section the form does not have, no section, or a form without pages', () => {
    expect(ownerSectionPage(wizard, 4)).toBeUndefined();
    expect(ownerSectionPage(wizard, null)).toBeUndefined();
    expect(ownerSectionPage(build([text('owner2_dob')]), 2)).toBeUndefined();
  });
});
