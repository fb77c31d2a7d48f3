import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN } from '../playwright.config';

export type Headers = Record<string, string>;

/** The admin API through its own session (the page's token stays in the page's memory). */
export async function adminHeaders(request: APIRequestContext): Promise<Headers> {
  const signIn = await request.post('/api/auth/admin/sign-in', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return { authorization: `Bearer ${(await signIn.json()).accessToken}` };
}

/** A template from a PDF file, the way the page makes one: signed upload URL, PUT, then create. */
export async function uploadTemplate(request: APIRequestContext, headers: Headers, file: string, name: string) {
  const upload = await (await request.post('/api/pdf_templates/gen_presigned_url', { headers, data: {} })).json();
  const url = new URL(upload.uploadUrl);
  const put = await request.put(`${url.pathname}${url.search}`, {
    headers: { 'content-type': 'application/pdf' },
    data: readFileSync(file),
  });
  expect(put.ok(), await put.text()).toBe(true);
  const created = await request.post('/api/pdf_templates', { headers, data: { name, fileUrl: upload.fileUrl } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as {
    templateId: string;
    pages: { page: number; width: number; height: number; rotation: number }[];
    acroFields: unknown[];
  };
}

export async function saveMapping(request: APIRequestContext, headers: Headers, templateId: string, data: unknown[]) {
  const saved = await request.post(`/api/pdf_templates/${templateId}/mapping_fields`, { headers, data: { data } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

export interface SavedField {
  key: string;
  type: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  bindingField?: { key: string; type: string; dictionaryId?: string };
}

export async function savedMapping(request: APIRequestContext, headers: Headers, templateId: string) {
  const answer = await request.get(`/api/pdf_templates/${templateId}/mapping_fields`, { headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data as SavedField[];
}
