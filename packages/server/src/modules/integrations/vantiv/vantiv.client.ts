import type { VantivLegalEntity, VantivSubMerchant } from '@under/core/integrations/vantiv-mapping';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { type Outbound, OutboundFailed, OutboundRefused } from '../../../infra/outbound/outbound';
import { VANTIV_CONTENT_TYPE, VANTIV_NAMESPACE } from './vantiv.endpoints';

/**
 * The Worldpay/Vantiv PayFac Merchant Provisioner client (issue #24 §2; decision 088) on the guarded outbound client:
 * XML over HTTPS with Basic auth, `POST /legalentity` then `POST /legalentity/{id}/submerchant`. The XML is built and
 * read with fast-xml-parser (its builder escapes every value), never by string
 * concatenation. Element names and order follow the provider's XSD (`merchant-onboard-api-v13.1.xsd`).
 */
export interface VantivCredentials {
  username: string;
  password: string;
}

export interface VantivLegalEntityAnswer {
  legalEntityId: string;
  responseCode: number | null;
  responseDescription: string | null;
  /** The provider's `duplicate="true"`: this legal entity was created before (its idempotency signal). */
  duplicate: boolean;
}

export interface VantivSubMerchantAnswer {
  subMerchantId: string;
  duplicate: boolean;
}

export type VantivFailure = 'refused' | 'invalid' | 'unavailable';
export class VantivError extends Error {
  constructor(
    readonly kind: VantivFailure,
    message: string,
    /** `invalid`: the provider's `<errorResponse><errors><error>` texts. */
    readonly errors: string[] = [],
    readonly status?: number,
  ) {
    super(message);
    this.name = 'VantivError';
  }
}

export interface VantivClient {
  createLegalEntity(creds: VantivCredentials, legalEntity: VantivLegalEntity): Promise<VantivLegalEntityAnswer>;
  createSubMerchant(
    creds: VantivCredentials,
    legalEntityId: string,
    subMerchant: VantivSubMerchant,
  ): Promise<VantivSubMerchantAnswer>;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // every value stays text: ids such as 0012 keep their zeros
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  isArray: (name) => name === 'error',
  // limits set here, not left to the library's defaults: an answer is a few elements deep and names no entity of
  // its own (a <!DOCTYPE is refused before parsing, see readVantivXml)
  maxNestedTags: 20,
  processEntities: {
    enabled: true,
    maxEntitySize: 1_000,
    maxEntityCount: 100,
    maxExpansionDepth: 1,
    maxTotalExpansions: 1_000,
    maxExpandedLength: 100_000,
  },
  htmlEntities: false,
});
/** Worldpay's ids are numeric (at most 19 digits); anything else is not an id we keep or put in a path. */
export const VANTIV_ID = /^\d{1,19}$/;
/** C0/C1 control characters (a NUL makes PostgreSQL refuse the write that records the answer). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The XML document of a request: the XSD's root element in its namespace. */
export function vantivXml(root: string, body: object): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8', '@_standalone': 'yes' },
    [root]: { '@_xmlns': VANTIV_NAMESPACE, ...body },
  }) as string;
}

/** An answer read; null when it is not XML of the expected shape. */
export function readVantivXml(text: string): Record<string, unknown> | null {
  if (/<!DOCTYPE/i.test(text)) return null;
  try {
    const doc = parser.parse(text, true) as Record<string, unknown>;
    return doc && typeof doc === 'object' ? doc : null;
  } catch {
    return null;
  }
}

const str = (v: unknown): string | null => {
  const t = typeof v === 'string' ? v.replace(CONTROL, ' ').trim() : '';
  return t !== '' ? t : null;
};
const id = (v: unknown): string | null => {
  const t = str(v);
  return t && VANTIV_ID.test(t) ? t : null;
};

/** `<errorResponse><errors><error>…</error></errors></errorResponse>`'s texts (at most 20, each cut to 300). */
export function vantivErrors(doc: Record<string, unknown> | null): string[] {
  const errors = (doc?.errorResponse as { errors?: { error?: unknown[] } } | undefined)?.errors?.error ?? [];
  return errors
    .map((e) => str(typeof e === 'string' ? e : (e as Record<string, unknown>)?.['#text']))
    .filter((e): e is string => !!e)
    .slice(0, 20)
    .map((e) => e.trim().slice(0, 300));
}

export function createVantivClient(outbound: Outbound, endpoints: { apiUrl: string }): VantivClient {
  const base = endpoints.apiUrl.replace(/\/+$/, '');

  async function post(creds: VantivCredentials, path: string, xml: string): Promise<Record<string, unknown>> {
    let res: Awaited<ReturnType<Outbound['request']>>;
    try {
      res = await outbound.request({
        provider: 'vantiv',
        method: 'POST',
        url: `${base}${path}`,
        headers: {
          'content-type': VANTIV_CONTENT_TYPE,
          accept: VANTIV_CONTENT_TYPE,
          authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`,
        },
        body: xml,
        timeoutMs: 60_000,
      });
    } catch (err) {
      if (err instanceof OutboundRefused) throw err;
      if (err instanceof OutboundFailed) throw new VantivError('unavailable', `Worldpay: ${err.kind}`);
      throw err;
    }
    if (res.status === 401 || res.status === 403) {
      throw new VantivError('refused', `Worldpay answered ${res.status}`, [], res.status);
    }
    const doc = readVantivXml(res.text);
    if (res.status === 400 || res.status === 409 || res.status === 422) {
      const errors = vantivErrors(doc);
      throw new VantivError('invalid', `Worldpay answered ${res.status}`, errors, res.status);
    }
    if (res.status !== 200 && res.status !== 201) {
      throw new VantivError('unavailable', `Worldpay answered ${res.status}`, [], res.status);
    }
    if (!doc) throw new VantivError('unavailable', 'Worldpay answered something other than XML');
    return doc;
  }

  return {
    async createLegalEntity(creds, legalEntity) {
      const doc = await post(creds, '/legalentity', vantivXml('legalEntityCreateRequest', legalEntity));
      const answer = doc.legalEntityCreateResponse as Record<string, unknown> | undefined;
      const legalEntityId = id(answer?.legalEntityId);
      if (!answer || !legalEntityId) throw new VantivError('unavailable', 'Worldpay answered without a legalEntityId');
      const code = Number(str(answer.responseCode));
      return {
        legalEntityId,
        responseCode: Number.isInteger(code) ? code : null,
        responseDescription: str(answer.responseDescription)?.slice(0, 200) ?? null,
        duplicate: str(answer['@_duplicate']) === 'true',
      };
    },

    async createSubMerchant(creds, legalEntityId, subMerchant) {
      const path = `/legalentity/${encodeURIComponent(legalEntityId)}/submerchant`;
      const doc = await post(creds, path, vantivXml('subMerchantCreateRequest', subMerchant));
      const answer = doc.subMerchantCreateResponse as Record<string, unknown> | undefined;
      const subMerchantId = id(answer?.subMerchantId);
      if (!answer || !subMerchantId) throw new VantivError('unavailable', 'Worldpay answered without a subMerchantId');
      return { subMerchantId, duplicate: str(answer['@_duplicate']) === 'true' };
    },
  };
}
