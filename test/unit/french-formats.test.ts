import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalogFor } from '../../shared/i18n/catalogs';
import { formatDecimal, formatHoursRange, formatTime, labelColon } from '../../shared/i18n/format';
import { regionNameIn } from '../../shared/locations/region-names';
import { inLanguage } from '../../shared/urls/in-language';
import { formatFileSize } from '../../views/format-file-size';
import { englishIn } from '../helpers/french-text';

describe('French formats (issue 29)', () => {
  it('prints times as Quebec does, and English times as the spec does', () => {
    expect(formatHoursRange('11:00', '22:00', 'fr-CA')).to.equal('11 h à 22 h');
    expect(formatTime('22:30', 'fr-CA')).to.equal('22 h 30');
    expect(formatTime('00:05', 'fr-CA')).to.equal('0 h 05');
    expect(formatHoursRange('11:00', '22:00', 'en-CA')).to.equal('11:00 AM - 10:00 PM');
    expect(formatTime('00:00')).to.equal('12:00 AM');
  });

  it('puts a no-break space before a colon in French only', () => {
    expect(`Noël${labelColon('fr-CA')}Fermé`).to.equal('Noël\u00a0: Fermé');
    expect(`Christmas${labelColon('en-US')}Closed`).to.equal('Christmas: Closed');
  });

  it('prints decimals with a comma and French file size units', () => {
    expect(formatDecimal(0, 1, 'fr-CA')).to.equal('0,0');
    expect(formatDecimal(1234.567, 2, 'fr-CA')).to.equal('1234,57');
    expect(formatDecimal(2.44, 1, 'en-US')).to.equal('2.4');
    expect(formatFileSize(2_400_000, 'fr-CA')).to.equal('2,4 Mo');
    expect(formatFileSize(999, 'fr-CA')).to.equal('999 o');
    expect(formatFileSize(2_400_000)).to.equal('2.4 MB');
  });

  it('names provinces in French, and keeps a stored name for a region it does not know', () => {
    expect(regionNameIn('CA', 'BC', 'fr-CA', 'British Columbia')).to.equal('Colombie-Britannique');
    expect(regionNameIn('CA', 'QC', 'fr-CA', 'Quebec')).to.equal('Québec');
    expect(regionNameIn('CA', 'QC', 'en-CA', 'Quebec')).to.equal('Quebec');
    expect(regionNameIn('CA', 'ZZ', 'fr-CA', 'Stored')).to.equal('Stored');
  });

  it('keeps links to this site in the page language, and leaves other sites alone', () => {
    const site = 'http://ca.localhost:3000/';
    expect(inLanguage('/order?rlid=5', '/fr', site)).to.equal('/fr/order?rlid=5');
    expect(inLanguage('http://ca.localhost:3000/order?rlid=5', '/fr', site)).to.equal(
      'http://ca.localhost:3000/fr/order?rlid=5',
    );
    expect(inLanguage('http://localhost:3000/order?rlid=5', '/fr', site)).to.equal(
      'http://localhost:3000/order?rlid=5',
    );
    expect(inLanguage('/fr/menu/', '/fr', site)).to.equal('/fr/menu/');
    expect(inLanguage('/', '/fr', site)).to.equal('/fr/');
    expect(inLanguage('//evil.example/x', '/fr', site)).to.equal('//evil.example/x');
    expect(inLanguage('/order?rlid=5', '', site)).to.equal('/order?rlid=5');
  });

  it('finds English on a page, and not in an element marked as English', () => {
    expect(englishIn('<p>Erreur : <span>No wait</span></p>')).to.have.length(1);
    expect(englishIn('<p>11:00 AM - 10:00 PM</p>')).to.have.length(1);
    expect(englishIn('<p>0.0 mi</p>')).to.have.length(1);
    expect(englishIn('<img alt="British Columbia">')).to.have.length(1);
    expect(englishIn('<a href="/x" hreflang="en-CA" lang="en-CA">English</a><p>11 h à 22 h, 0,0 mi</p>')).to.deep.equal(
      [],
    );
  });
});

/** Every literal key the site's visitor-facing code translates (the back office and the seed's content are English-only or carry their own French). */
describe('the fr-CA catalog has every key the visitor-facing code translates', () => {
  it('finds no t("...") key without a French entry', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (!['admin', 'admin-api', 'catalogs', 'seed'].includes(name)) walk(path);
        } else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    for (const root of ['views', 'server', 'shared', 'client']) walk(root);
    const french = new Set(catalogFor('fr-CA').map((entry) => `${entry.context}\u0004${entry.key}`));
    const call = /\bt\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1\s*(?:,\s*\{[^)]*?context:\s*'([^']*)')?/g;
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(call)) {
        checked += 1;
        const key = match[2]!.replace(/\\(.)/g, '$1');
        if (!french.has(`${match[3] ?? ''}\u0004${key}`)) missing.push(`${file}: ${JSON.stringify(key)}`);
      }
    }
    expect(checked).to.be.greaterThan(300);
    expect(missing).to.deep.equal([]);
  });
});
