import { use } from 'react';
import { SOCIAL_LABELS } from '../../../shared/constants/social';
import type { FooterContent } from '../../../shared/schemas/navigation';
import { useT } from '../../page-context';
import { PrerenderedParts } from '../../prerendered';
import { Icon } from '../header/Icon';

/** The footer's social icons, each labelled with its network's name (spec section 3). */
export function SocialIcons({ icons, twitterBird }: { icons: FooterContent['social_icons']; twitterBird: boolean }) {
  const t = useT();
  if (icons.length === 0) return null;
  if (process.env.BROWSER_BUNDLE !== '1') {
    const html = use(PrerenderedParts)?.('footer-social', icons);
    if (html !== undefined)
      return <ul className="footer-social" aria-label={t('Follow Us')} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <ul className="footer-social" aria-label={t('Follow Us')}>
      {icons.map((item) => (
        <li key={item.icon}>
          <a href={item.link} target="_blank" rel="noopener noreferrer">
            <Icon name={item.icon === 'twitter' && twitterBird ? 'twitter-bird' : item.icon} />
            <span className="footer-social__label">{SOCIAL_LABELS[item.icon]}</span>
            <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
