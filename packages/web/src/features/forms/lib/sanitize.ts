import type { Config } from 'dompurify';

/**
 * Form authors' HTML (content and htmlelement) goes through DOMPurify before it reaches the page: no scripts,
 * no event handlers, no javascript: URLs, no forms or frames. DOMPurify is loaded on first use, so forms without
 * HTML never download it.
 */
const CONFIG: Config = {
  FORBID_TAGS: ['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select'],
  FORBID_ATTR: ['style', 'srcset', 'formaction'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?!\/))/i,
};

type Sanitizer = (html: string) => string;
let loaded: Sanitizer | undefined;
let loading: Promise<Sanitizer> | undefined;

export function getLoadedSanitizer(): Sanitizer | undefined {
  return loaded;
}

export function loadSanitizer(): Promise<Sanitizer> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    const purify = DOMPurify(window);
    loaded = (html) => purify.sanitize(html, CONFIG) as string;
    return loaded;
  });
  return loading;
}
