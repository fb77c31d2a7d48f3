import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CC_ATTRIBUTES } from './cardconnect-attributes';
import { buildMerchantBody, convertForAttribute, toCcAddress, toCcDate, toCcPhone } from './cardconnect-convert';

const attr = (name: string) => {
  const a = CC_ATTRIBUTES.find((x) => x.name === name);
  if (!a) throw new Error(name);
  return a;
};
const convert = (name: string, v: unknown) => convertForAttribute(attr(name), v);

describe('CardConnect value conversion', () => {
  it('dates: ISO, date-times and US writings to MM/DD/YYYY; days that do not exist fail', () => {
    expect(toCcDate('2024-03-07')).toBe('03/07/2024');
    expect(toCcDate('2024-03-07T00:00:00.000Z')).toBe('03/07/2024');
    expect(toCcDate('3/7/2024')).toBe('03/07/2024');
    expect(toCcDate('12/31/1999')).toBe('12/31/1999');
    expect(toCcDate('2023-02-29')).toBeNull();
    expect(toCcDate('13/01/2024')).toBeNull();
    expect(toCcDate('next week')).toBeNull();
    expect(convert('merchant.businessStartDate', '1949-09-17')).toEqual({ ok: true, value: '09/17/1949' });
  });

  it('dates round-trip for every real day', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(toCcDate(iso)).toBe(`${m}/${day}/${y}`);
      }),
    );
  });

  it('phones to XXX-XXX-XXXX, a leading 1 dropped; too short, too long or letters fail', () => {
    expect(toCcPhone('(555) 123-4567')).toBe('555-123-4567');
    expect(toCcPhone('+1 555.123.4567')).toBe('555-123-4567');
    expect(toCcPhone('5551234567')).toBe('555-123-4567');
    expect(toCcPhone('555-1234')).toBeNull();
    expect(toCcPhone('555-123-4567 ext 2')).toBeNull();
    expect(convert('merchant.demographic.businessPhone', '555 123 4567')).toEqual({ ok: true, value: '555-123-4567' });
    expect(convert('merchant.demographic.businessPhone', 'call me')).toEqual({ ok: false });
  });

  it('percentages are whole numbers 0-100 ("25%" too); fractions and out-of-range fail', () => {
    const pct = 'merchant.processing.modeOfTransaction.keyedPct';
    expect(convert(pct, '25%')).toEqual({ ok: true, value: 25 });
    expect(convert(pct, 100)).toEqual({ ok: true, value: 100 });
    expect(convert(pct, 0)).toEqual({ ok: true, value: 0 });
    expect(convert(pct, 101)).toEqual({ ok: false });
    expect(convert(pct, '12.5')).toEqual({ ok: false });
    expect(convert(pct, -1)).toEqual({ ok: false });
  });

  it('money as decimals with at most 2 places: "$1,234.50" is 1234.5; 3 places or text fail', () => {
    const vol = 'merchant.processing.volumeDetails.averageMonthlyVolume';
    expect(convert(vol, '$1,234.50')).toEqual({ ok: true, value: 1234.5 });
    expect(convert(vol, 9999)).toEqual({ ok: true, value: 9999 });
    expect(convert(vol, '10.005')).toEqual({ ok: false });
    expect(convert(vol, 'lots')).toEqual({ ok: false });
    expect(convert(vol, -5)).toEqual({ ok: false });
  });

  it('strings over their length fail; enumerations by code or name; booleans; addresses', () => {
    expect(convert('merchant.dbaName', 'x'.repeat(100))).toEqual({ ok: true, value: 'x'.repeat(100) });
    expect(convert('merchant.dbaName', 'x'.repeat(101))).toEqual({ ok: false });
    expect(convert('merchant.ownership.ownershipTypeCd', 'LLC')).toEqual({ ok: true, value: 'LLC' });
    expect(convert('merchant.ownership.ownershipTypeCd', 'individual / sole proprietor')).toEqual({
      ok: true,
      value: 'INDIVSOLE',
    });
    expect(convert('merchant.processing.platformDetails.currencyCode', 'EUR')).toEqual({ ok: false });
    expect(convert('merchant.webLeadFlg', 'yes')).toEqual({ ok: true, value: true });
    expect(convert('merchant.webLeadFlg', 'maybe')).toEqual({ ok: false });
    expect(toCcAddress({ address1: '1 Main St', city: 'Denver', state: 'Colorado', zip: '80202' })).toEqual({
      address1: '1 Main St',
      city: 'Denver',
      stateCd: 'CO',
      zip: '80202',
      countryCd: 'US',
    });
    expect(toCcAddress({ address1: '1 Main St', city: 'Denver', state: 'ZZ', zip: '80202' })).toBeNull();
    // our address component's value
    expect(
      toCcAddress({ mode: 'manual', address: { address1: '1 Main St', city: 'Denver', state: 'CO', zip: '80202' } }),
    ).toMatchObject({ address1: '1 Main St', stateCd: 'CO', zip: '80202' });
    expect(toCcAddress('1 Main St, Denver')).toBeNull();
  });
});

describe('buildMerchantBody', () => {
  const facts = {
    formName: 'Merchant application',
    submittedAt: '2026-11-28T15:00:00.000Z',
    formVersion: 3,
    applicationId: 'a1b2c3',
  };

  it('puts converted answers at their paths, leaves empty answers out, and carries the pseudo-fields', () => {
    const { body, problems } = buildMerchantBody({
      fields: [
        { formKey: 'dba', attribute: 'merchant.dbaName' },
        { formKey: 'phone', attribute: 'merchant.demographic.businessPhone' },
        { formKey: 'business.started', attribute: 'merchant.businessStartDate' },
        { formKey: 'empty', attribute: 'merchant.legalBusinessName' },
        { formKey: 'email', attribute: 'ownerSiteUser.email' },
        { formKey: 'pseudo.applicationId', attribute: 'merchant.akaBusinessName' },
      ],
      answers: {
        dba: 'Shop',
        phone: '(555) 123-4567',
        business: { started: '2020-01-31' },
        empty: '',
        email: 'o@x.io',
      },
      labels: {},
      facts,
    });
    expect(problems).toEqual([]);
    expect(body).toEqual({
      merchant: {
        dbaName: 'Shop',
        demographic: { businessPhone: '555-123-4567' },
        businessStartDate: '01/31/2020',
        akaBusinessName: 'a1b2c3',
      },
      ownerSiteUser: { email: 'o@x.io' },
    });
  });

  it("names a value that cannot be converted by the form's label and the attribute's help text", () => {
    const { problems, body } = buildMerchantBody({
      fields: [
        { formKey: 'start', attribute: 'merchant.businessStartDate' },
        { formKey: 'keyed', attribute: 'merchant.processing.modeOfTransaction.keyedPct' },
      ],
      answers: { start: 'soon', keyed: '140' },
      labels: { start: 'Business start date', keyed: 'Keyed transactions' },
      facts,
    });
    expect(problems.map((p) => p.message)).toEqual([
      'Business start date: Value must be parsed to MM/DD/YYYY',
      'Keyed transactions: Must from 0 to 100%',
    ]);
    expect(body.merchant).toEqual({});
  });

  it('builds an address from separate street, city, state and ZIP answers (forms that ask them apart)', () => {
    const base = 'merchant.demographic.businessAddress';
    const { body, problems } = buildMerchantBody({
      fields: [
        { formKey: 'street', attribute: `${base}.address1` },
        { formKey: 'city', attribute: `${base}.city` },
        { formKey: 'state', attribute: `${base}.stateCd` },
        { formKey: 'zip', attribute: `${base}.zip` },
      ],
      answers: { street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
      labels: {},
      facts,
    });
    expect(problems).toEqual([]);
    expect(body.merchant.demographic).toEqual({
      businessAddress: { address1: '1 Main St', city: 'Springfield', stateCd: 'IL', zip: '62701' },
    });
  });
});
