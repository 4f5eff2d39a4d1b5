import { ACTION_ICONS } from '../../shared/admin/icons';
import { Icon } from './Icon';

const HEADINGS: Record<403 | 404, string> = {
  403: 'You do not have permission to see this',
  404: 'Page not found',
};

/** A refusal (403) or a missing screen or object (404) inside the back office, with the way back. */
export function ErrorScreen({ status, message }: { status: 403 | 404; message: string }) {
  return (
    <div className="admin-error">
      <p className="admin-error__code">{`Error ${status}`}</p>
      <h1>{HEADINGS[status]}</h1>
      <p>{message}</p>
      <p className="admin-error__actions">
        <a className="admin-button admin-button--primary" href="/wagtail/">
          <Icon name={ACTION_ICONS.back} />
          Go to the dashboard
        </a>
      </p>
    </div>
  );
}
