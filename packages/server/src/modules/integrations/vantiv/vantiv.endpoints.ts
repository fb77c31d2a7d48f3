/**
 * Where Worldpay's eComm PayFac Merchant Provisioner is (issue #24 §2; decision 088): the production base, the
 * default of VANTIV_API_URL. Its pre-live is `https://payfac.vantivprelive.com` and its sandbox
 * `https://www.testvantivcnp.com/sandbox/payfac` (the payfac-mp-sdk configurations); `npm run simulators` prints the
 * simulator's. Confirm the production host with Worldpay before going live.
 */
export const VANTIV_PRODUCTION_URL = 'https://payfac.vantivcnp.com';

/** The XML media type of the Merchant Provisioner's v13 API, sent as Content-Type and Accept. */
export const VANTIV_CONTENT_TYPE = 'application/com.vantivcnp.payfac-v13+xml';

/** The XSD's target namespace. */
export const VANTIV_NAMESPACE = 'http://payfac.vantivcnp.com/api/merchant/onboard';
