import { describe, expect, it } from 'vitest';
import { mappedItemsOf, ownerOfBox, signingBoxes, signingBoxValues } from './signing-boxes';

const box = (
  key: string,
  type: string,
  at: Partial<{ page: number; x: number; y: number; w: number; h: number }> = {},
  extra = {},
) => ({
  key,
  type: type as 'text',
  page: at.page ?? 1,
  x: at.x ?? 50,
  y: at.y ?? 600,
  width: at.w ?? 200,
  height: at.h ?? 40,
  ...extra,
});

describe('signing boxes (decision 058)', () => {
  it('reads the owner from the binding key, else the own key, name or label; none is the primary', () => {
    expect(
      ownerOfBox(box('sig_a', 'signature', {}, { bindingField: { key: 'owner2_signature', type: 'signature' } })),
    ).toBe(2);
    expect(ownerOfBox(box('owner_3_signature', 'signature'))).toBe(3);
    expect(ownerOfBox(box('ownerTwo', 'signature', {}, { label: 'Owner 2 signature' }))).toBe(2);
    expect(ownerOfBox(box('principal2Signature', 'signature', {}, { name: 'Owner1Sig' }))).toBe(1);
    expect(ownerOfBox(box('signature', 'signature'))).toBe(1);
    expect(ownerOfBox(box('owner1_signature', 'signature'))).toBe(1);
  });

  it('tells signature, initials and signing-date boxes; a date of birth or a printed name is none', () => {
    const fields = [
      box('owner1_signature', 'signature', { y: 600 }),
      box('owner1_initials', 'signature', { y: 700 }),
      box('date_signed', 'date', { x: 400, y: 800 }),
      box('owner2_dob', 'date', { x: 260, y: 600 }),
      box('signer_name', 'text', { y: 500 }),
      box('box7', 'text', {}, { bindingField: { key: 'signature', type: 'signature' } }),
      box('Signature of applicant', 'text', { y: 300 }),
    ];
    expect(signingBoxes(fields)).toEqual([
      { key: 'owner1_signature', kind: 'signature', owner: 1 },
      { key: 'owner1_initials', kind: 'initials', owner: 1 },
      { key: 'date_signed', kind: 'signingDate', owner: 1 },
      { key: 'box7', kind: 'signature', owner: 1 },
      { key: 'Signature of applicant', kind: 'signature', owner: 1 },
    ]);
  });

  it('a date box beside a signature (same line or just under) is its owner’s signing date when the form leaves it empty', () => {
    const fields = [
      box('owner2_signature', 'signature', { x: 50, y: 600, w: 200, h: 40 }),
      box('date_a', 'date', { x: 300, y: 610, w: 100, h: 20 }),
      box('date_b', 'date', { x: 60, y: 645, w: 100, h: 20 }),
      box('date_far', 'date', { x: 500, y: 700, w: 60, h: 20 }),
      box('date_other_page', 'date', { page: 2, x: 300, y: 610, w: 100, h: 20 }),
      box('date_filled', 'date', { x: 300, y: 615, w: 100, h: 20 }),
    ];
    const kinds = signingBoxes(fields, (f) => f.key === 'date_filled');
    expect(kinds).toEqual([
      { key: 'owner2_signature', kind: 'signature', owner: 2 },
      { key: 'date_a', kind: 'signingDate', owner: 2 },
      { key: 'date_b', kind: 'signingDate', owner: 2 },
    ]);
  });

  it('fills each box with its owner’s image or date; a drawing the form carries stays; an unsigned owner’s stays empty', () => {
    const fields = [
      box('signature', 'signature'),
      box('owner2_signature', 'signature', { x: 300 }),
      box('owner2_initials', 'signature', { y: 700 }),
      box('owner2_date_signed', 'date', { y: 750 }),
      box('owner3_signature', 'signature', { y: 100 }),
      box('drawn_signature', 'signature', { y: 200 }),
    ];
    const values = signingBoxValues(
      fields,
      [
        { signature: 'data:image/png;base64,P', signedAt: '2026-11-27T10:00:00.000Z' },
        {
          signature: 'data:image/png;base64,S',
          initials: 'data:image/png;base64,I',
          signedAt: '2026-11-28T10:00:00.000Z',
        },
      ],
      (f) => f.key === 'drawn_signature',
    );
    expect(values).toEqual({
      signature: 'data:image/png;base64,P',
      owner2_signature: 'data:image/png;base64,S',
      owner2_initials: 'data:image/png;base64,I',
      owner2_date_signed: '2026-11-28T10:00:00.000Z',
    });
  });

  it('asks an owner for initials when the mapping has an initials box of theirs', () => {
    const fields = [box('signature', 'signature'), box('owner2_initials', 'signature')];
    expect(mappedItemsOf(fields, 1)).toEqual(['signature']);
    expect(mappedItemsOf(fields, 2)).toEqual(['signature', 'initials']);
  });
});
