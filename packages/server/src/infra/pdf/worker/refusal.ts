import type { PdfRefusalKind } from '../pdf-protocol';

/** A file or value the worker refuses, with the reason the pool reports (and, for a value, its field key). */
export class Refusal extends Error {
  constructor(
    readonly kind: PdfRefusalKind,
    detail?: string,
    readonly key?: string,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
    this.name = 'Refusal';
  }
}
