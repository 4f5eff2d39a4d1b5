import { useT } from '../../page-context';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { Icon } from '../../components/header/Icon';
import type { BlockProps } from '../define';
import type { SocialGridValue } from './schema';

export function SocialGridBlock({ value }: BlockProps<SocialGridValue>) {
  const t = useT();
  const profile = `https://www.instagram.com/${value.handle}/`;
  return (
    <section className="block-social-grid" data-block-type="social_grid">
      <h2>{value.heading}</h2>
      <p className="block-social-grid__invite">
        <Icon name="instagram" />
        {t('Tag us on Instagram')}{' '}
        <a href={profile} target="_blank" rel="noopener noreferrer">
          @{value.handle}
          <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
        </a>
        {value.hashtag ? <> #{value.hashtag}</> : null}
      </p>
      {value.images.length > 0 ? (
        <ul className="block-social-grid__images">
          {value.images.map((image, index) => (
            <li key={index}>
              <ResponsiveImage image={image} sizes="(max-width: 840px) 50vw, 300px" cropped />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
