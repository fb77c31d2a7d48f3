import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps formatting and safe links, drops scripts, handlers and unsafe schemes', () => {
    expect(sanitizeRichText('<p class="x" onclick="y()"><b>Bold</b> &amp; <em>it</em></p>')).toBe(
      '<p><b>Bold</b> &amp; <em>it</em></p>',
    );
    expect(sanitizeRichText('<script>alert(1)</script><style>p{}</style>ok')).toBe('ok');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="jav&#x61;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="https://b.example/?a=1&b=2">x</a>')).toBe(
      '<a href="https://b.example/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<img src=x onerror=alert(1)><svg><script>x</script></svg>text')).toBe('text');
    expect(sanitizeRichText('1 < 2 > 0 "q"')).toBe('1 &lt; 2 &gt; 0 &quot;q&quot;');
    expect(sanitizeRichText('<scr<script>ipt>alert(1)</script>')).toBe('&lt;scr');
  });

  it('strips content that shows nothing', () => {
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichText('<p>&nbsp; </p><!-- note -->')).toBe('');
  });
  it('drops NUL and other control characters, which also cannot hide a tag', () => {
    expect(sanitizeRichText('<p>a\u0000b\u0007c</p>')).toBe('<p>abc</p>');
    expect(sanitizeRichText('<scr\u0000ipt>alert(1)</script>')).toBe('');
  });
});
