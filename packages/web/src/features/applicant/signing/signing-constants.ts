/** Core's SIGNATURE_MIN_WIDTH (spec 1 §5), without core's zod module in this chunk (checked equal in a test). */
export const SIGNATURE_MIN_WIDTH_PX = 500;
