import { APPLICANT_API } from '@under/core/api/applications/applicant.contract';
import { OWNERS_API } from '@under/core/api/applications/owners.contract';
import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import { ERROR_CODES } from '@under/core/api/error.schema';
import * as applications from '@under/core/applications/application.schema';
import * as constants from '@under/core/constants';
import * as master from '@under/core/templates/master-form.schema';
import { describe, expect, it } from 'vitest';
import * as mirror from './applicant-constants';

describe('the applicant pages’ copies of core values', () => {
  it('equal core’s', () => {
    expect(mirror.AUTOSAVE_DELAY_MS).toBe(applications.AUTOSAVE_DELAY_MS);
    expect(mirror.HONEYPOT_FIELD).toBe(applications.HONEYPOT_FIELD);
    expect(mirror.DEFAULT_HEADER_TITLE).toBe(master.DEFAULT_HEADER_TITLE);
    expect(mirror.DEFAULT_HEADER_SUBTITLE).toBe(master.DEFAULT_HEADER_SUBTITLE);
    expect(mirror.DEFAULT_HEADER_COLOR).toBe(constants.DEFAULT_HEADER_COLOR);
    for (const [name, code] of Object.entries(mirror.APPLICANT_ERROR_CODES)) {
      expect(ERROR_CODES[name as keyof typeof ERROR_CODES]).toBe(code);
    }
  });

  it('call the contracts’ methods and paths', () => {
    const { form, ...applicant } = mirror.APPLICANT_ROUTES;
    const contract = { ...APPLICANT_API, ...OWNERS_API };
    expect(form).toEqual({ method: CUSTOM_FORMS_API.getPublic.method, path: CUSTOM_FORMS_API.getPublic.path });
    for (const [name, route] of Object.entries(applicant)) {
      const endpoint = contract[name as keyof typeof contract];
      expect(route).toEqual({ method: endpoint.method, path: endpoint.path });
    }
  });
});
