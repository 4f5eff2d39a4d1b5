import { expect } from 'chai';
import {
  decodeFileText,
  formatOf,
  TranslationFileError,
  type ExportInput,
} from '../../server/modules/translations/exchange-file';
import { readPo, writePo } from '../../server/modules/translations/po-file';
import { readXliff, writeXliff } from '../../server/modules/translations/xliff-file';

const input: ExportInput = {
  sourceLanguage: 'en-CA',
  targetLanguage: 'fr-CA',
  generatedAt: new Date('2026-11-29T10:00:00Z'),
  pages: [
    {
      sourcePageId: 12,
      title: 'Our "catch"',
      segments: [
        { id: 'page.title', label: 'Title', source: 'Our "catch"', target: '', state: 'to_do', placeholderHints: [] },
        {
          id: 'body.r1.html#1',
          label: 'Text › paragraph 1',
          source: 'Visit <1>our & page</1><2/>today\nnow',
          target: '',
          state: 'to_do',
          placeholderHints: ['<1>…</1> link to /menu/', '<2/> line break'],
        },
        {
          id: 'body.h1.text',
          label: 'Heading',
          source: 'Lobster season is here',
          target: 'Saison du homard',
          state: 'out_of_date',
          oldSource: 'Lobster season',
          placeholderHints: [],
        },
      ],
    },
  ],
};

/** The problems of a refused file, as 'line: reason'. */
function refusal(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof TranslationFileError) return error.problems.map((p) => `${p.line ?? '-'}: ${p.reason}`);
    throw error;
  }
  throw new Error('The file was accepted.');
}

describe('translation files (PO and XLIFF 2.1)', () => {
  it('writes PO that reads back: msgctxt page:segment, escapes, placeholders, fuzzy for out of date', () => {
    const po = writePo(input);
    expect(po).to.contain('msgctxt "12:body.r1.html#1"');
    expect(po).to.contain('msgid "Our \\"catch\\""');
    expect(po).to.contain('#. <1>…</1> link to /menu/');
    expect(po).to.match(/#, fuzzy\n#\| msgid "Lobster season"\nmsgctxt "12:body.h1.text"/);
    const read = readPo(po);
    expect(read.targetLanguage).to.equal('fr-CA');
    expect(read.sourceLanguage).to.equal('en-CA');
    expect(read.entries.map((e) => [e.sourcePageId, e.key, e.source, e.target, e.needsReview])).to.deep.equal([
      [12, 'page.title', 'Our "catch"', '', false],
      [12, 'body.r1.html#1', 'Visit <1>our & page</1><2/>today\nnow', '', false],
      [12, 'body.h1.text', 'Lobster season is here', 'Saison du homard', true],
    ]);
    expect(read.entries[0]!.line).to.be.greaterThan(1);
  });

  it('writes XLIFF 2.1 that reads back: one file per page, unit ids, <pc>/<ph> for placeholders', () => {
    const xliff = writeXliff(input);
    expect(xliff).to.contain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1"');
    expect(xliff).to.contain('<file id="page-12"');
    expect(xliff).to.contain('<unit id="body.r1.html:1"');
    expect(xliff).to.contain(
      '<source>Visit <pc id="1" dispStart="link to /menu/">our &amp; page</pc><ph id="2" disp="line break"/>today',
    );
    expect(xliff).to.contain('<segment state="initial">');
    const read = readXliff(xliff.replace('<target></target>', '<target>Notre <pc id="1">prise</pc></target>'));
    expect(read.targetLanguage).to.equal('fr-CA');
    expect(read.entries.map((e) => [e.key, e.source, e.target, e.needsReview])).to.deep.equal([
      ['page.title', 'Our "catch"', 'Notre <1>prise</1>', true],
      ['body.r1.html:1', 'Visit <1>our & page</1><2/>today\nnow', '', true],
      ['body.h1.text', 'Lobster season is here', 'Saison du homard', true],
    ]);
    expect(read.entries[1]!.line).to.equal(xliff.split('\n').findIndex((l) => l.includes('body.r1.html:1')) + 1);
  });

  it('refuses bad PO with the line and reason', () => {
    const po = writePo(input);
    const lines = po.split('\n');
    const at = lines.findIndex((l, i) => i > 5 && l.startsWith('msgstr ""'));
    const broken = [...lines];
    broken[at] = 'msgstr "unterminated';
    expect(refusal(() => readPo(broken.join('\n')))).to.deep.equal([
      `${at + 1}: A string must be in double quotes on one line.`,
    ]);
    broken[at] = 'msgstr[0] "x"';
    expect(refusal(() => readPo(broken.join('\n')))[0]).to.contain('Plural forms are not used');
    broken[at] = 'bonjour';
    expect(refusal(() => readPo(broken.join('\n')))[0]).to.match(/^\d+: Cannot read 'bonjour'/);
    broken[at] = 'msgstr "a\\qb"';
    expect(refusal(() => readPo(broken.join('\n')))[0]).to.contain('Unknown escape \\q');
    expect(refusal(() => readPo('msgctxt "1:a"\nmsgid "x"\nmsgstr "y"\n'))[0]).to.contain('no header entry');
    expect(refusal(() => readPo(po.replace(/"Language: fr-CA\\n"\n/, '')))[0]).to.contain('no Language line');
    expect(refusal(() => readPo(po.replace('msgctxt "12:page.title"\n', '')))[0]).to.contain('no msgctxt');
  });

  it('refuses bad XLIFF with the line and reason, and never expands entities', () => {
    const xliff = writeXliff(input);
    expect(refusal(() => readXliff(xliff.replace('</source>', '</sourc>')))[0]).to.match(
      /^\d+: The XML is not well formed/,
    );
    expect(refusal(() => readXliff(`<!DOCTYPE x [<!ENTITY a "b">]>${xliff}`))[0]).to.contain('DOCTYPE');
    expect(refusal(() => readXliff(xliff.replace('version="2.1"', 'version="1.2"')))[0]).to.contain('version');
    expect(
      refusal(() => readXliff(xliff.replace(XLIFF_NS_ATTR, 'xmlns="urn:oasis:names:tc:xliff:document:1.2"')))[0],
    ).to.contain('namespace');
    const withTarget = (target: string) => readXliff(xliff.replace('<target></target>', `<target>${target}</target>`));
    expect(refusal(() => withTarget('Notre &lt;1&gt;prise&lt;/1&gt;'))[0]).to.contain('not as text like <1>');
    expect(refusal(() => withTarget('Notre <mrk id="m1">prise</mrk>'))[0]).to.contain('<mrk> is not read here');
    expect(refusal(() => withTarget('<pc id="x">a</pc>'))[0]).to.contain('numeric id');
    expect(refusal(() => readXliff(xliff.replace('<file id="page-12"', '<file id="f1"')))[0]).to.contain(
      'Expected <file id="page-…">',
    );
  });

  it('reads only UTF-8 text and tells the formats apart', () => {
    expect(refusal(() => decodeFileText(new Uint8Array([0x6d, 0xff, 0x0a])))[0]).to.contain('not UTF-8');
    expect(refusal(() => decodeFileText(new TextEncoder().encode('a\nb\u0000')))[0]).to.equal(
      '2: The file contains a NUL character: it is not a text file.',
    );
    expect(decodeFileText(new TextEncoder().encode('\ufeffmsgid ""'))).to.equal('msgid ""');
    expect(formatOf('  <?xml version="1.0"?><xliff/>')).to.equal('xliff');
    expect(formatOf('# comment\nmsgid ""')).to.equal('po');
  });
});

const XLIFF_NS_ATTR = 'xmlns="urn:oasis:names:tc:xliff:document:2.0"';
