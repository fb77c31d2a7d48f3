import { describe, expect, it } from 'vitest';
import type { Outbound } from '../../../infra/outbound/outbound';
import { createVantivClient, readVantivXml, VantivError, vantivErrors, vantivXml } from './vantiv.client';
import { VANTIV_NAMESPACE } from './vantiv.endpoints';

/** The PayFac XML (decision 088): built by the library with every value escaped, read back, errors in words. */
describe('Worldpay/Vantiv XML', () => {
  it('escapes values: a name cannot close its element or add one', () => {
    const xml = vantivXml('legalEntityCreateRequest', {
      legalEntityName: 'A & B </legalEntityName><taxId>999999999</taxId>',
      hasAcceptedCreditCards: false,
      principal: { firstName: 'Ada', stakePercent: 100 },
    });
    expect(xml).toContain(`<legalEntityCreateRequest xmlns="${VANTIV_NAMESPACE}">`);
    expect(xml).not.toContain('<taxId>');
    expect(xml).toContain('<hasAcceptedCreditCards>false</hasAcceptedCreditCards>');
    const back = readVantivXml(xml)?.legalEntityCreateRequest as Record<string, unknown>;
    expect(back.legalEntityName).toBe('A & B </legalEntityName><taxId>999999999</taxId>');
    expect(back.principal).toEqual({ firstName: 'Ada', stakePercent: '100' });
  });

  it("reads <errorResponse><errors><error> as the provider's texts (one or several), and refuses what is not XML", () => {
    const one = '<errorResponse xmlns="x"><errors><error>legalEntityName is required</error></errors></errorResponse>';
    expect(vantivErrors(readVantivXml(one))).toEqual(['legalEntityName is required']);
    const two =
      '<errorResponse><errors><error>a</error><error>b &amp; c</error></errors><transactionId>1</transactionId></errorResponse>';
    expect(vantivErrors(readVantivXml(two))).toEqual(['a', 'b & c']);
    expect(readVantivXml('<legalEntityCreateResponse><legalEntityId>')).toBeNull();
    expect(vantivErrors(readVantivXml('not xml at all'))).toEqual([]);
  });
});

describe('hostile Worldpay answers', () => {
  it('refuses a <!DOCTYPE (no entity of its own is expanded) and strips control characters from error texts', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>' +
      '<errorResponse><errors><error>&b;</error></errors></errorResponse>';
    expect(readVantivXml(bomb)).toBeNull();
    const nul = '<errorResponse><errors><error>bad\u0000name\u0007</error></errors></errorResponse>';
    expect(vantivErrors(readVantivXml(nul))).toEqual(['bad name']);
  });

  it('keeps only numeric ids of at most 19 digits', async () => {
    const answer = (legalEntityId: string) =>
      ({
        async request() {
          const text = `<legalEntityCreateResponse><legalEntityId>${legalEntityId}</legalEntityId></legalEntityCreateResponse>`;
          return { status: 201, headers: {}, text, json: () => null };
        },
      }) as unknown as Outbound;
    const creds = { username: 'u', password: 'p' };
    const ok = await createVantivClient(answer('0012'), { apiUrl: 'https://w' }).createLegalEntity(creds, {} as never);
    expect(ok.legalEntityId).toBe('0012');
    for (const bad of ['1'.repeat(20), '12a', '1\u00002', '../1']) {
      const err = await createVantivClient(answer(bad), { apiUrl: 'https://w' })
        .createLegalEntity(creds, {} as never)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VantivError);
    }
  });
});
