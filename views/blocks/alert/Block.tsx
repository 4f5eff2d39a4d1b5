import { useT } from '../../page-context';
import type { BlockProps } from '../define';
import type { AlertValue } from './schema';

/** A site notice. Not role=alert: that would interrupt screen readers on every page load. */
export function AlertBlock({ value }: BlockProps<AlertValue>) {
  const t = useT();
  return (
    <aside className={`block-alert bg--${value.background_style}`} data-block-type="alert" aria-label={t('Alert')}>
      <div className="block-alert__content" dangerouslySetInnerHTML={{ __html: value.content }} />
    </aside>
  );
}
