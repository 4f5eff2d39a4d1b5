import { privacyChoiceLabel } from '../../../shared/schemas/privacy';

/** The audit-log sentence of a privacy entry, in Wagtail's wording (wagtail.view_restriction.*). */
export function describePrivacyChange(data: Record<string, unknown>): string {
  const label = privacyChoiceLabel(typeof data.restriction_type === 'string' ? data.restriction_type : '');
  switch (data.change) {
    case 'create':
      return `Added the '${label}' view restriction`;
    case 'edit':
      return `Updated the view restriction to '${label}'`;
    case 'delete':
      return `Removed the '${label}' view restriction`;
    default:
      return 'Privacy changed';
  }
}
