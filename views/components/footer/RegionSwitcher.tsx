import type { Region } from '../../../shared/schemas/navigation';
import { useT } from '../../page-context';
import { otherRegions } from './regions';

export function RegionSwitcher({ regions, currentUrl }: { regions: Region[]; currentUrl: string }) {
  const t = useT();
  const others = otherRegions(regions, currentUrl);
  if (others.length === 0) return null;
  return (
    <nav className="region-switcher" aria-label={t('Regions')}>
      <ul>
        {others.map((region) => (
          <li key={region.id}>
            <a href={region.url}>{region.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
