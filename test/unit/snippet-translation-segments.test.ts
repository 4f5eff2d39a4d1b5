import { expect } from 'chai';
import {
  applySnippetTranslations,
  extractSnippetSegments,
  snippetPaths,
  snippetSegmentProblem,
} from '../../server/modules/translations/snippet-segments';
import type { HeaderContent } from '../../shared/schemas/navigation';
import type { StoredFooter } from '../../shared/schemas/snippets';

const header: HeaderContent = {
  sections: [
    {
      role: 'primary',
      title: 'Menu',
      links: [
        { display_name: 'Full Menu', url: '/menu/', children: [{ display_name: 'Fish', url: '/menu/fish/?a=1' }] },
        { display_name: 'Draft link' },
      ],
    },
    { role: 'social-media-row', title: '', links: [] },
  ],
};

const footer: StoredFooter = {
  columns: [{ title: 'About', is_collapsable: true, links: [{ display_name: 'Our Story', url: '/about/' }] }],
  social_icons: [{ icon: 'facebook', link: 'https://www.facebook.com/x' }],
  legal_text: 'Line one.\n\nLine 2.',
  use_twitter_bird: true,
};

describe('snippet translation segments', () => {
  it('reads a header menu: section titles and link labels at every level, not roles or addresses', () => {
    const segments = extractSnippetSegments('core.tierednavigation', header);
    expect(segments.map((s) => [s.id, s.source])).to.deep.equal([
      ['sections.0.title', 'Menu'],
      ['sections.0.links.0.display_name', 'Full Menu'],
      ['sections.0.links.0.children.0.display_name', 'Fish'],
      ['sections.0.links.1.display_name', 'Draft link'],
    ]);
    expect(segments[2]!.label).to.equal('Section 1 (primary) › Link 1 › Link 1');
  });

  it('reads a footer: column titles, link labels and each legal line with words', () => {
    const segments = extractSnippetSegments('core.footer', footer);
    expect(segments.map((s) => s.id)).to.deep.equal([
      'columns.0.title',
      'columns.0.links.0.display_name',
      'legal_text#1',
      'legal_text#3',
    ]);
  });

  it('puts translations in, keeps the structure, maps addresses (keeping the query) and leaves the rest', () => {
    const translations = new Map([
      ['sections.0.title', 'Menu'],
      ['sections.0.links.0.display_name', 'Menu complet'],
      ['sections.0.links.0.children.0.display_name', 'x'.repeat(81)], // too long: the source stays
    ]);
    const urls = new Map([['/menu/', '/fr/menu/']]);
    const out = applySnippetTranslations('core.tierednavigation', header, translations, urls) as HeaderContent;
    expect(out.sections[0]!.links[0]).to.deep.equal({
      display_name: 'Menu complet',
      url: '/fr/menu/',
      children: [{ display_name: 'Fish', url: '/menu/fish/?a=1' }],
    });
    expect(out.sections[0]!.links[1]).to.deep.equal({ display_name: 'Draft link' });
    expect(out.sections[1]).to.deep.equal(header.sections[1]);
    const translatedFooter = applySnippetTranslations(
      'core.footer',
      footer,
      new Map([['legal_text#3', 'Ligne 2.']]),
      new Map(),
    ) as StoredFooter;
    expect(translatedFooter.legal_text).to.equal('Line one.\n\nLigne 2.');
    expect(translatedFooter.social_icons).to.deep.equal(footer.social_icons);
    expect(translatedFooter.use_twitter_bird).to.equal(true);
  });

  it('lists the internal addresses and refuses translations that would not fit', () => {
    expect(snippetPaths('core.tierednavigation', header)).to.deep.equal(['/menu/', '/menu/fish/?a=1']);
    expect(snippetPaths('core.footer', footer)).to.deep.equal(['/about/']);
    expect(snippetSegmentProblem({ maxLength: 80 }, 'Menu complet')).to.equal(null);
    expect(snippetSegmentProblem({ maxLength: 80 }, 'a\nb')).to.equal('The translation must be one line.');
    expect(snippetSegmentProblem({ maxLength: 80 }, 'a\u0007')).to.contain('control characters');
    expect(snippetSegmentProblem({ maxLength: 5 }, 'abcdef')).to.contain('at most 5 characters');
  });
});
