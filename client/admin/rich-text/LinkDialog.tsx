import { useState } from 'react';
import {
  Button,
  Dialog,
  FieldError,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  Text,
  TextField,
} from 'react-aria-components';
import { ChooserTrigger } from '../choosers/ChooserDialog';
import { chooserFor } from '../choosers/registry';
import type { ChooserItem } from '../choosers/types';
import { SAFE_URL } from './extensions';

type Props = {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** The link under the cursor, when editing one. */
  current: { href: string; pageId: number | null } | null;
  onSaveUrl(href: string): void;
  onChoosePage(item: ChooserItem): void;
  onRemove(): void;
};

const URL_HELP = 'A path on this site (/menu/), a web address (https://…), mailto: or tel:.';

/**
 * Add or edit a link: choose a page (the page chooser, stored as its URL plus data-page-id) or
 * type a URL. Choosing a page applies it at once, as Wagtail's link chooser does.
 */
export function LinkDialog({ isOpen, onOpenChange, current, onSaveUrl, onChoosePage, onRemove }: Props) {
  return (
    <ModalOverlay className="admin-modal" isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className="admin-chooser-modal">
        <Dialog className="admin-dialog admin-link-dialog">
          {({ close }) => (
            <LinkForm
              current={current}
              close={close}
              onSaveUrl={onSaveUrl}
              onChoosePage={onChoosePage}
              onRemove={onRemove}
            />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function LinkForm({
  current,
  close,
  onSaveUrl,
  onChoosePage,
  onRemove,
}: Omit<Props, 'isOpen' | 'onOpenChange'> & { close(): void }) {
  // An internal link is edited by choosing a page again; its URL is shown for reference.
  const [url, setUrl] = useState(current?.href ?? '');
  const [error, setError] = useState<string | null>(null);
  const pages = chooserFor('page_chooser')!;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const href = url.trim();
        if (!SAFE_URL.test(href)) {
          setError(`Enter a link address. ${URL_HELP}`);
          return;
        }
        close();
        onSaveUrl(href);
      }}
    >
      <Heading slot="title">{current ? 'Edit link' : 'Add link'}</Heading>
      <div className="admin-link-dialog__page">
        <ChooserTrigger
          definition={pages}
          trigger={current?.pageId ? 'Link to another page' : 'Link to a page'}
          onChoose={(item) => {
            close();
            onChoosePage(item);
          }}
        />
      </div>
      <TextField
        className="admin-field"
        value={url}
        onChange={(value) => {
          setUrl(value);
          setError(null);
        }}
        isInvalid={error !== null}
        validationBehavior="aria"
      >
        <Label>Or link to this address</Label>
        <Input type="text" inputMode="url" autoComplete="off" />
        <Text slot="description" className="admin-field__help">
          {URL_HELP}
        </Text>
        <FieldError className="admin-field__error">{error}</FieldError>
      </TextField>
      <div className="admin-actions">
        <Button type="submit" className="admin-button admin-button--primary">
          Save link
        </Button>
        {current ? (
          <Button
            className="admin-button admin-button--secondary"
            onPress={() => {
              close();
              onRemove();
            }}
          >
            Remove link
          </Button>
        ) : null}
        <Button className="admin-button admin-button--secondary" onPress={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
