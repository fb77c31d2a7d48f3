import { describe, expect, it } from 'vitest';
import { buildVantivMerchant } from './vantiv-mapping';

const DATA: Record<string, unknown> = {
  legal_name: 'Acme Supplies Inc',
  CompanyName: 'Acme',
  federal_tax_id: '12-3456789',
  entity_type: 's_corporation',
  years_in_business: 12,
  business_address: '1 Main St',
  business_city: 'Austin',
  business_state: 'tx',
  business_zip: '78701',
  PhoneNumber: '+1 (512) 555-0100',
  Email: 'a@acme.example',
  website: 'https://acme.example',
  mcc: '5999',
  owner1_first_name: 'Ada',
  owner1_last_name: 'Stone',
  owner1_dob: '03/07/1975',
  owner1_ssn: '123-45-6780',
  owner1_ownership_percent: '60',
  owner1_home_city: 'Austin',
  bank_routing_number: '021000021',
  bank_account_number: '000123456789',
  monthly_volume: '1,000.50',
  highest_ticket: '$2,500.25',
};
const labelOf = (key: string) => `«${key}»`;

describe('buildVantivMerchant (decision 088)', () => {
  it("turns the starter dictionary's answers into the XSD's fields and formats", () => {
    const built = buildVantivMerchant({ applicationId: '8f0e0c9a-1111-4222-8333-944445555666', data: DATA, labelOf });
    if (!built.ok) throw new Error(built.problems.join('; '));
    expect(built.legalEntity).toMatchObject({
      legalEntityName: 'Acme Supplies Inc',
      legalEntityType: 'CORPORATION',
      legalEntityOwnershipType: 'PRIVATE',
      taxId: '123456789',
      contactPhone: '5125550100',
      annualCreditCardSalesVolume: '12006',
      hasAcceptedCreditCards: false,
      address: { stateProvince: 'TX', countryCode: 'USA' },
      principal: { dateOfBirth: '1975-03-07', ssn: '123456780', stakePercent: 60, address: { city: 'Austin' } },
      yearsInBusiness: '12',
    });
    // the XSD's element order: the builder writes the keys in this order
    expect(Object.keys(built.legalEntity).slice(0, 3)).toEqual([
      'legalEntityName',
      'legalEntityType',
      'legalEntityOwnershipType',
    ]);
    expect(built.subMerchant).toMatchObject({
      maxTransactionAmount: 250025,
      pspMerchantId: '8f0e0c9a111142228333944445555666',
      hardCodedBillingDescriptor: 'Acme',
      settlementCurrency: 'USD',
    });
  });

  it('names each answer that cannot be sent by its label, once, never cutting one', () => {
    const built = buildVantivMerchant({
      applicationId: 'x',
      data: { ...DATA, entity_type: 'cooperative', PhoneNumber: '555-0100', CompanyName: 'A'.repeat(26), mcc: '59' },
      labelOf,
    });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.problems).toEqual([
      '«entity_type»: "cooperative" is not a legal entity type Worldpay knows.',
      // asked twice (contact phone and customer service number), said once
      '«PhoneNumber»: 10 to 11 digits for Worldpay.',
      '«CompanyName»: no more than 25 characters for the billing descriptor Worldpay shows on card statements.',
      '«mcc»: 4 digits for Worldpay.',
    ]);
  });
});
