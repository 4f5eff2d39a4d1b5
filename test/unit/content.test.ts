import { expect } from 'chai';
import { contentForRender, contentForSave, type ContentProblem } from '../../server/modules/pages/content';
import { examplePage, utilityPage } from '../../server/modules/pages/types/core';
import { escapeJsonForScript } from '../../server/ssr/escape-json';

describe('page content', () => {
  const heading = { type: 'heading', id: 'h1', value: { text: 'Hello', level: 'h3' } };

  it('renders valid blocks and skips unknown or invalid ones, reporting each', () => {
    const problems: ContentProblem[] = [];
    const content = contentForRender(
      examplePage,
      {
        body: [
          heading,
          { type: 'no_such_block', id: 'x', value: {} },
          { type: 'heading', id: 'bad', value: { level: 'h9' } },
        ],
      },
      (p) => problems.push(p),
    );
    expect((content.body as Array<{ id: string }>).map((b) => b.id)).to.deep.equal(['h1']);
    expect(problems.map((p) => p.blockId)).to.deep.equal(['x', 'bad']);
    expect(content.confirmation_content).to.deep.equal([]);
  });

  it('falls back to a default for a field that fails its schema', () => {
    const problems: ContentProblem[] = [];
    const content = contentForRender(utilityPage, { body: 'not a list', background_style: 'neon' }, (p) =>
      problems.push(p),
    );
    expect(content.background_style).to.equal('lobster');
    expect(content.body).to.deep.equal([]);
    expect(problems).to.have.length(2);
  });

  it('reuses the cleaned content of identical input, reporting its problems on every use and handing out copies', () => {
    const raw = () => ({
      body: [heading, { type: 'heading', id: 'bad', value: { level: 'h9' } }],
      confirmation_content: [],
    });
    const first: ContentProblem[] = [];
    const second: ContentProblem[] = [];
    const a = contentForRender(examplePage, raw(), (p) => first.push(p));
    delete a.body;
    const b = contentForRender(examplePage, raw(), (p) => second.push(p));
    expect((b.body as Array<{ id: string }>).map((block) => block.id)).to.deep.equal(['h1']);
    expect(second.map((p) => p.blockId))
      .to.deep.equal(first.map((p) => p.blockId))
      .and.to.deep.equal(['bad']);
    // Other content (or the same content of another page type) is cleaned on its own.
    const changed = contentForRender(
      examplePage,
      { body: [{ ...heading, value: { text: 'Changed', level: 'h3' } }] },
      () => {},
    );
    expect((changed.body as Array<{ value: { text: string } }>)[0]!.value.text).to.equal('Changed');
    expect(contentForRender(utilityPage, raw(), () => {}).background_style).to.equal('lobster');
  });

  it('rejects invalid blocks on save with the path of each error', () => {
    const result = contentForSave(examplePage, {
      body: [heading, { type: 'heading', id: 'bad', value: { text: '' } }],
    });
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(Object.keys(result.errors)).to.deep.equal(['body.1.value.text']);
  });

  it('sanitises rich text on save: no script, no handlers, no javascript: links', () => {
    const result = contentForSave(examplePage, {
      body: [
        {
          type: 'rich_text',
          id: 'r',
          value: { html: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>' },
        },
      ],
    });
    expect(result.ok).to.equal(true);
    if (result.ok) {
      const html = (result.content.body as Array<{ value: { html: string } }>)[0]!.value.html;
      expect(html).to.equal('<p>Hi <a>x</a></p>');
    }
  });

  it('escapes JSON so it cannot close its script element', () => {
    const out = escapeJsonForScript({ text: '</script><!-- & \u2028' });
    expect(out).not.to.include('<');
    expect(out).not.to.include('>');
    expect(JSON.parse(out)).to.deep.equal({ text: '</script><!-- & \u2028' });
  });
});
