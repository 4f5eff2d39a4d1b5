import { expect } from 'chai';
import { createTranslator } from '../../shared/i18n/translator';

describe('translator', () => {
  const t = createTranslator([
    { context: '', key: 'Log In', value: 'Connexion' },
    { context: 'verb', key: 'Order', value: 'Commander' },
    { context: '', key: '{count} location', value: ['{count} restaurant', '{count} restaurants'] },
    { context: '', key: 'All {country} Locations', value: 'Tous les restaurants ({country})' },
  ]);

  it('translates by key and by context', () => {
    expect(t('Log In')).to.equal('Connexion');
    expect(t('Order', { context: 'verb' })).to.equal('Commander');
    expect(t('Order')).to.equal('Order');
  });

  it('falls back to the source string when the catalog has no entry', () => {
    expect(t('Unknown text')).to.equal('Unknown text');
  });

  it('uses the singular for exactly 1 and the plural for any other count', () => {
    expect(t('{count} location', { count: 1 })).to.equal('1 restaurant');
    expect(t('{count} location', { count: 0 })).to.equal('0 restaurants');
    expect(t('{count} location', { count: 2 })).to.equal('2 restaurants');
    const english = createTranslator([]);
    expect(english('{count} location', { count: 1, plural: '{count} locations' })).to.equal('1 location');
    expect(english('{count} location', { count: 5, plural: '{count} locations' })).to.equal('5 locations');
  });

  it('interpolates named values and leaves unknown placeholders visible', () => {
    expect(t('All {country} Locations', { values: { country: 'Canada' } })).to.equal('Tous les restaurants (Canada)');
    expect(t('Hello {name}')).to.equal('Hello {name}');
  });

  it('reports the entries it used', () => {
    const used: string[] = [];
    const tracked = createTranslator([{ context: '', key: 'A', value: 'B' }], (entry) => used.push(entry.key));
    tracked('A');
    tracked('Not there');
    expect(used).to.deep.equal(['A']);
  });
});

describe('translator: missing entries', () => {
  it('reports each lookup the catalog has no entry for, with its context', () => {
    const missing: string[] = [];
    const t = createTranslator([{ context: '', key: 'Search', value: 'Rechercher' }], undefined, (context, key) =>
      missing.push(`${context}|${key}`),
    );
    expect(t('Search')).to.equal('Rechercher');
    expect(t('US', { context: 'country' })).to.equal('US');
    expect(t('Looking for a restaurant?')).to.equal('Looking for a restaurant?');
    expect(missing).to.deep.equal(['country|US', '|Looking for a restaurant?']);
  });
});
