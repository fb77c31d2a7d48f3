import { describe, expect, it } from 'vitest';
import { readVantivXml, vantivErrors, vantivXml } from './vantiv.client';
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
