import { Typography } from '@mantine/core';
import type { FormComponent } from '@under/core/forms/form.schema';
import { useEffect, useState } from 'react';
import { getLoadedSanitizer, loadSanitizer } from '../lib/sanitize';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML a content or htmlelement component asks for, before sanitizing. */
function componentHtml(component: FormComponent): string {
  if (component.type === 'content') return component.html ?? '';
  if (component.type !== 'htmlelement') return '';
  const tag = component.tag || 'p';
  const attrs = (component.attrs ?? [])
    .filter((a) => /^[A-Za-z][\w-]*$/.test(a.attr))
    .map((a) => ` ${a.attr}="${escapeAttr(a.value)}"`)
    .join('');
  const className = component.className ? ` class="${escapeAttr(component.className)}"` : '';
  return `<${tag}${className}${attrs}>${component.content ?? ''}</${tag}>`;
}

/** Form authors' HTML, sanitized by DOMPurify (no scripts, event handlers or javascript: URLs). */
export function HtmlContent({ component }: { component: FormComponent }) {
  const raw = componentHtml(component);
  const [clean, setClean] = useState(() => getLoadedSanitizer()?.(raw));
  useEffect(() => {
    let live = true;
    void loadSanitizer().then((sanitize) => {
      if (live) setClean(sanitize(raw));
    });
    return () => {
      live = false;
    };
  }, [raw]);
  if (clean === undefined) return null;
  return (
    <Typography data-testid={`html-${component.key}`}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above */}
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
