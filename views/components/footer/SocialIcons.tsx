import { SOCIAL_LABELS } from '../../../shared/constants/social';
import type { FooterContent } from '../../../shared/schemas/navigation';
import { useT } from '../../page-context';
import { usePartContent } from '../../prerendered';
import { Icon } from '../header/Icon';

type SocialIconsProps = { icons: FooterContent['social_icons']; twitterBird: boolean };

/** The footer's social icons, each labelled with its network's name (spec section 3). */
export function SocialIcons({ icons, twitterBird }: SocialIconsProps) {
  const t = useT();
  const content = usePartContent('footer-social', icons, () => <SocialIconItems icons={icons} twitterBird={twitterBird} />);
  if (icons.length === 0) return null;
  return <ul className="footer-social" aria-label={t('Follow Us')} {...content} />;
}

/** The icons' list items: the same for every page of a footer and language (server/ssr/chrome-parts.tsx renders them once). */
export function SocialIconItems({ icons, twitterBird }: SocialIconsProps) {
  const t = useT();
  return icons.map((item) => (
    <li key={item.icon}>
      <a href={item.link} target="_blank" rel="noopener noreferrer">
        <Icon name={item.icon === 'twitter' && twitterBird ? 'twitter-bird' : item.icon} />
        <span className="footer-social__label">{SOCIAL_LABELS[item.icon]}</span>
        <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
      </a>
    </li>
  ));
}
