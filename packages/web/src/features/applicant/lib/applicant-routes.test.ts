import { describe, expect, it } from 'vitest';
import { continuePath, parseApplicantPath, successPath } from './applicant-routes';

describe('applicant paths', () => {
  it('reads the four page paths of spec 1 §2', () => {
    expect(parseApplicantPath('/application-form/cf1')).toEqual({ kind: 'new', customFormId: 'cf1' });
    expect(parseApplicantPath('/application-form/cf1/')).toEqual({ kind: 'new', customFormId: 'cf1' });
    expect(parseApplicantPath('/application-form/cf1/app1/CoDe_1/ann%40b.co')).toEqual({
      kind: 'open',
      customFormId: 'cf1',
      applicationId: 'app1',
      code: 'CoDe_1',
      email: 'ann@b.co',
    });
    expect(parseApplicantPath('/application-form/cf1/app1/CoDe_1/3/ann@b.co')).toEqual({
      kind: 'open',
      customFormId: 'cf1',
      applicationId: 'app1',
      code: 'CoDe_1',
      email: 'ann@b.co',
      version: 3,
    });
    expect(parseApplicantPath('/application-form-successfully/cf1')).toEqual({ kind: 'success', customFormId: 'cf1' });
  });

  it('refuses anything else', () => {
    for (const path of [
      '/application-form',
      '/application-form/cf1/app1',
      '/application-form/cf1/app1/code',
      '/application-form/cf1/app1/code/x/ann@b.co',
      '/application-form/cf1/app1/code/0/ann@b.co',
      '/application-form/cf1/app1/code/3/ann@b.co/more',
      '/application-form-successfully/cf1/x',
      '/elsewhere/cf1',
    ]) {
      expect(parseApplicantPath(path)).toEqual({ kind: 'unknown' });
    }
  });

  it('builds the continue and success paths it reads', () => {
    const path = continuePath('cf1', 'app1', 'CoDe_1', 'ann+x@b.co');
    expect(path).toBe('/application-form/cf1/app1/CoDe_1/ann%2Bx%40b.co');
    expect(parseApplicantPath(path)).toMatchObject({ kind: 'open', email: 'ann+x@b.co' });
    expect(successPath('cf1')).toBe('/application-form-successfully/cf1');
  });
});
