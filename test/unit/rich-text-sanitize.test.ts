import { getSchema } from '@tiptap/core';
import type { DOMOutputSpec, Mark, Node } from '@tiptap/pm/model';
import { expect } from 'chai';
import { richTextExtensions } from '../../client/admin/rich-text/extensions';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, sanitizeRichText } from '../../shared/rich-text/sanitize';
import { richTextSchema } from '../../views/blocks/rich-text/schema';

/**
 * The admin's rich text editor (TipTap) and the server's sanitiser must agree: whatever the
 * editor writes survives saving unchanged, and whatever else arrives is cleaned. The browser
 * test (test/e2e/admin-rich-text.test.ts) checks the same with HTML typed in the real editor.
 */
describe('rich text: editor output and the server sanitiser', () => {
  // HTML as TipTap serialises it (getHTML()): list items wrap their text in <p>.
  const EDITOR_OUTPUT = [
    '<p>Plain text with <strong>bold</strong>, <em>italic</em>, <u>underline</u>, <s>struck</s>, x<sup>2</sup> and H<sub>2</sub>O.</p>',
    '<h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5>',
    '<ul><li><p>One</p></li><li><p>Two <strong>bold</strong></p></li></ul><ol><li><p>First</p><ul><li><p>Nested</p></li></ul></li></ol><ol start="3"><li><p>Third</p></li></ol>',
    '<blockquote><p>Fresh from the dock.</p></blockquote><hr><p>Line<br>break</p>',
    '<p>See <a href="/menu/lunch/" data-page-id="12">Lunch</a>, <a href="https://example.com/a?b=1&amp;c=2">a site</a>, <a href="mailto:crab@example.com">mail</a> or <a href="tel:+15555550100">call</a>.</p>',
    '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/">New tab</a></p>',
    '<p><span class="fineprint">Prices vary.</span> <span class="highlight">New!</span></p>',
    '<p>Fish &amp; chips &lt;3, 12&nbsp;oz</p>',
  ];

  for (const html of EDITOR_OUTPUT) {
    it(`keeps editor output unchanged: ${html.slice(0, 60)}`, () => {
      expect(sanitizeRichText(html)).to.equal(html);
      // Through the block's schema too, which is what saving a rich text block runs.
      expect(richTextSchema.parse({ html }).html).to.equal(html);
    });
  }

  const HOSTILE: Array<[string, string, string]> = [
    ['a script', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    [
      'an event handler',
      '<p onclick="alert(1)">Hi <strong onmouseover="x()">there</strong></p>',
      '<p>Hi <strong>there</strong></p>',
    ],
    ['a javascript: link', '<p><a href="javascript:alert(1)">x</a></p>', '<p><a>x</a></p>'],
    ['an obfuscated javascript: link', '<p><a href="  JaVaScRiPt:alert(1)">x</a></p>', '<p><a>x</a></p>'],
    ['a data: link', '<p><a href="data:text/html,<script>alert(1)</script>">x</a></p>', '<p><a>x</a></p>'],
    ['a protocol-relative link', '<p><a href="//evil.example/">x</a></p>', '<p><a>x</a></p>'],
    [
      'a style attribute and iframe',
      '<p style="color:red">x</p><iframe src="https://evil.example/"></iframe>',
      '<p>x</p>',
    ],
    ['an image with onerror', '<p><img src=x onerror="alert(1)">x</p>', '<p>x</p>'],
    [
      'a page id that is not a number',
      '<p><a href="/a/" data-page-id="1 onclick=x">x</a></p>',
      '<p><a href="/a/">x</a></p>',
    ],
    [
      'other data attributes',
      '<p><a href="/a/" data-x="1" data-page-id="7">x</a></p>',
      '<p><a href="/a/" data-page-id="7">x</a></p>',
    ],
    [
      'an unknown span class',
      '<p><span class="fineprint evil">x</span></p>',
      '<p><span class="fineprint">x</span></p>',
    ],
    [
      'a new tab link without rel',
      '<p><a href="https://example.com/" target="_blank">x</a></p>',
      '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a></p>',
    ],
  ];

  for (const [what, dirty, clean] of HOSTILE) {
    it(`cleans ${what}, and cleaning again changes nothing`, () => {
      expect(sanitizeRichText(dirty)).to.equal(clean);
      expect(sanitizeRichText(clean)).to.equal(clean);
    });
  }

  it('the editor can produce no tag or attribute the sanitiser would drop', () => {
    const schema = getSchema(richTextExtensions());
    const tags = new Set<string>();
    const attributes = new Map<string, Set<string>>();
    // Walks a DOMOutputSpec (['tag', {attrs}?, ...children | 0]) without a DOM.
    const collect = (spec: DOMOutputSpec) => {
      if (!Array.isArray(spec)) return;
      const [tag, ...rest] = spec as [string, ...unknown[]];
      tags.add(tag);
      for (const part of rest) {
        if (Array.isArray(part)) collect(part as unknown as DOMOutputSpec);
        else if (part && typeof part === 'object') {
          for (const [name, value] of Object.entries(part)) {
            if (value !== null && value !== undefined)
              attributes.set(tag, (attributes.get(tag) ?? new Set()).add(name));
          }
        }
      }
    };
    const sampleAttrs: Record<string, Record<string, unknown>[]> = {
      heading: [2, 3, 4, 5].map((level) => ({ level })),
      orderedList: [{ start: 1 }, { start: 3 }],
      link: [
        { href: '/menu/', pageId: 3 },
        { href: 'https://example.com/', target: '_blank', rel: 'noopener noreferrer', title: 'Example' },
      ],
      spanClass: [{ class: 'fineprint' }, { class: 'highlight' }],
    };
    for (const [name, type] of Object.entries(schema.nodes)) {
      if (name === 'text' || name === 'doc') continue;
      for (const attrs of sampleAttrs[name] ?? [{}]) collect(type.spec.toDOM!(type.create(attrs) as Node));
    }
    for (const [name, type] of Object.entries(schema.marks)) {
      for (const attrs of sampleAttrs[name] ?? [{}]) collect(type.spec.toDOM!(type.create(attrs) as Mark, true));
    }
    expect([...tags].filter((tag) => !RICH_TEXT_TAGS.includes(tag))).to.deep.equal([]);
    for (const [tag, names] of attributes) {
      expect(
        [...names].filter((name) => !(RICH_TEXT_ATTRIBUTES[tag] ?? []).includes(name)),
        tag,
      ).to.deep.equal([]);
    }
  });
});
