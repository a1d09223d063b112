import { createElement, useMemo, type ReactNode } from 'react';
import { cx } from './cx';

/** Tags kept from stored HTML; everything else is unwrapped (its text stays), scripts and styles are dropped whole. */
const allowedTags = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'code', 'pre', 'span', 'div', 'a', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const droppedTags = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'input', 'textarea', 'select', 'button', 'link', 'meta']);
const safeLink = /^(https?:|mailto:)/i;

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (droppedTags.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
  if (!allowedTags.has(tag)) return createElement('span', { key }, ...children);
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    return safeLink.test(href.trim()) ? createElement('a', { key, href: href.trim(), target: '_blank', rel: 'noopener noreferrer' }, ...children) : createElement('span', { key }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** Stored HTML (sample articles, mails, course steps) rendered as React elements: an allowlist of tags, no attributes but safe links. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => {
    const document = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(document.body.childNodes, (node, index) => toReact(node, String(index)));
  }, [html]);
  return (
    <div
      className={cx(
        'space-y-3 text-sm leading-relaxed text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-slate-200 [&_blockquote]:ps-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ms-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_ul]:list-disc',
        className,
      )}
    >
      {content}
    </div>
  );
}
