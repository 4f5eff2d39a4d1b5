import { useState } from 'react';
import { Button, Dialog, Heading, Menu, MenuItem, MenuTrigger, Modal, Popover } from 'react-aria-components';
import { Icon } from '../../../views/admin/Icon';

type Props = {
  /** "3 (Feature image)": names the block in every control's accessible name. */
  label: string;
  first: boolean;
  last: boolean;
  onMoveUp(): void;
  onMoveDown(): void;
  onDuplicate(): void;
  onRemove(): void;
};

/**
 * A block card's actions, compact as Wagtail's: move up and down as icon buttons (the keyboard
 * alternative to dragging, so they stay one press away), duplicate and remove in a "more" menu.
 * Removing asks first, in a modal dialog that traps focus and closes on Escape.
 */
export function BlockTools({ label, first, last, onMoveUp, onMoveDown, onDuplicate, onRemove }: Props) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="admin-block__tools">
      <button
        type="button"
        className="admin-icon-button"
        disabled={first}
        onClick={onMoveUp}
        aria-label={`Move up block ${label}`}
        title="Move up"
      >
        <Icon name="arrow-up" size={18} />
      </button>
      <button
        type="button"
        className="admin-icon-button"
        disabled={last}
        onClick={onMoveDown}
        aria-label={`Move down block ${label}`}
        title="Move down"
      >
        <Icon name="arrow-down" size={18} />
      </button>
      <MenuTrigger>
        <Button className="admin-icon-button" aria-label={`More actions for block ${label}`}>
          <Icon name="ellipsis-vertical" size={18} />
        </Button>
        <Popover className="admin-popover" placement="bottom end">
          <Menu
            className="admin-menu"
            aria-label={`Actions for block ${label}`}
            onAction={(key) => (key === 'duplicate' ? onDuplicate() : setConfirming(true))}
          >
            <MenuItem id="duplicate" className="admin-menu__item" textValue="Duplicate">
              <Icon name="copy" size={16} className="admin-menu__icon" />
              Duplicate
            </MenuItem>
            <MenuItem id="remove" className="admin-menu__item admin-menu__item--danger" textValue="Remove">
              <Icon name="trash-2" size={16} className="admin-menu__icon" />
              Remove…
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Modal className="admin-modal" isDismissable isOpen={confirming} onOpenChange={setConfirming}>
        <Dialog className="admin-dialog" role="alertdialog">
          <Heading slot="title">{`Remove block ${label}?`}</Heading>
          <p>Its content is lost when you save.</p>
          <div className="admin-actions">
            <Button className="admin-button admin-button--secondary" onPress={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              className="admin-button admin-button--primary"
              onPress={() => {
                setConfirming(false);
                onRemove();
              }}
            >
              Remove
            </Button>
          </div>
        </Dialog>
      </Modal>
    </div>
  );
}
