import { blockIcon } from '../../../shared/admin/icons';
import { Icon } from '../../../views/admin/Icon';

/**
 * The block picker's and the block cards' icons, from the back office's sprite (shared/admin/icons.ts).
 * Decorative: the label beside each says what the block is.
 */
export function BlockIcon({
  type,
  group,
  className = 'admin-block-icon',
}: {
  type: string;
  group?: string;
  className?: string;
}) {
  return <Icon name={blockIcon(type, group)} size={16} className={className} />;
}

export function GroupIcon({ group }: { group: string }) {
  return <Icon name={blockIcon('', group)} size={16} className="admin-menu__icon" />;
}
