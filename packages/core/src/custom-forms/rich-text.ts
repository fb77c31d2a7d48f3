import { hasControlCharacters } from '../text/plain-text';

/**
 * Terms and conditions are rich text a client writes and an applicant reads (issue 11): only an allowlist of
 * formatting tags survives, attributes are dropped except a link's http(s)/mailto href, the content of script-like
 * elements is removed whole, and every other `<`, `>`, `"` is escaped. The result is safe to render as HTML.
 */
const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
]);
const VOID = new Set(['br']);
/** Elements whose content is never text for a reader: dropped with everything inside. */
const DROPPED_WITH_CONTENT =
  /<(script|style|iframe|object|embed|template|noscript|svg|math|textarea|title)\b[\s\S]*?(<\/\1\s*>|$)/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>/g;
const ENTITY = /^&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '"') out += '&quot;';
    else if (c === '&') out += ENTITY.test(text.slice(i, i + 40)) ? '&' : '&amp;';
    else out += c;
  }
  return out;
}

function safeHref(attrs: string): string | undefined {
  const m = attrs.match(/\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/i);
  const raw = (m?.[2] ?? m?.[3] ?? m?.[4] ?? '').trim();
  // the scheme must be written out literally: "jav&#x61;script:" or a control character cannot pass as a link
  if (!/^(https?:\/\/|mailto:)[^\s"'<>\\]*$/i.test(raw) || hasControlCharacters(raw)) return undefined;
  return escapeText(raw);
}

/** The allowlisted HTML of `html`; '' when it holds no visible text (an empty editor's `<p><br></p>`). */
export function sanitizeRichText(html: string): string {
  // control characters other than tab and line breaks are never text (a NUL cannot even be stored in jsonb)
  const text = html
    .replace(CONTROL, '')
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(DROPPED_WITH_CONTENT, '');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(TAG)) {
    out += escapeText(text.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = (m[2] as string).toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      if (!VOID.has(name)) out += `</${name}>`;
    } else if (name === 'a') {
      const href = safeHref(m[3] ?? '');
      out += href ? `<a href="${href}" rel="noopener noreferrer" target="_blank">` : '<a>';
    } else out += `<${name}>`;
  }
  out += escapeText(text.slice(last));
  return isBlankRichText(out) ? '' : out;
}

/** True when the HTML shows no text: only tags, whitespace and non-breaking spaces. */
export function isBlankRichText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, '')
      .trim() === ''
  );
}
