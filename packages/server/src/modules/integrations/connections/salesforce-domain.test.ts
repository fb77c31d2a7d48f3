import { describe, expect, it } from 'vitest';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW } from '../../../infra/outbound/outbound';
import { salesforceDomain } from './salesforce-domain';

const outbound = createOutbound({
  allow: DEFAULT_OUTBOUND_ALLOW,
  testHosts: ['127.0.0.1:4010'],
  timeoutMs: 1000,
  maxBodyBytes: 1000,
});

describe('salesforceDomain', () => {
  it.each([
    ['login.salesforce.com', 'login.salesforce.com'],
    ['  TEST.salesforce.com ', 'test.salesforce.com'],
    ['https://acme.my.salesforce.com/', 'acme.my.salesforce.com'],
    ['acme--uat.sandbox.my.salesforce.com', 'acme--uat.sandbox.my.salesforce.com'],
    ['https://acme.my.salesforce.com:443', 'acme.my.salesforce.com'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['https://127.0.0.1:4010', 'https://127.0.0.1:4010'],
  ])('keeps %s as %s', (input, kept) => {
    expect(salesforceDomain(input, outbound)).toBe(kept);
  });

  it.each([
    'evil.com',
    'salesforce.com',
    'my.salesforce.com',
    'login.salesforce.com.evil.com',
    'http://login.salesforce.com',
    'https://login.salesforce.com/services/oauth2',
    'https://login.salesforce.com?x=1',
    'https://user:pw@login.salesforce.com',
    'https://login.salesforce.com:8443',
    'http://127.0.0.1:4011',
    'http://localhost:4010',
    'ftp://login.salesforce.com',
    'javascript:alert(1)',
    '',
    'https://',
  ])('refuses %s', (input) => {
    expect(salesforceDomain(input, outbound)).toBeNull();
  });
});
