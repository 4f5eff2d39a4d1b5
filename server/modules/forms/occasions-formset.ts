import { MAX_OCCASIONS, OCCASION_FIELDS, OCCASION_PREFIX } from '../../../shared/forms/contact-topics';
import type { OccasionsFormset } from '../../../shared/forms/form-state';
import { managementFormSchema, occasionFormSchema } from '../../../shared/schemas/forms';
import { formErrors } from '../../http/validate';
import type { Occasion } from './table';

const str = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

export const emptyOccasion = () => Object.fromEntries(OCCASION_FIELDS.map((field) => [field, '']));

export const emptyOccasions = (): OccasionsFormset => ({
  prefix: OCCASION_PREFIX,
  initialFormCount: 0,
  totalFormCount: 1,
  maxNum: MAX_OCCASIONS,
  rows: [emptyOccasion()],
  rowErrors: [{}],
});

/**
 * The signup's occasions as a Django-style formset (prefix-index-field names and a management
 * form): the rows as typed, each row's errors, and the valid occasions.
 */
export function readOccasions(body: Record<string, unknown>): {
  formset: OccasionsFormset;
  occasions: Occasion[];
  valid: boolean;
  tooMany: boolean;
} {
  const field = (index: number, name: string) => str(body[`${OCCASION_PREFIX}-${index}-${name}`], 40);
  const management = managementFormSchema.safeParse({
    TOTAL_FORMS: body[`${OCCASION_PREFIX}-TOTAL_FORMS`],
    INITIAL_FORMS: body[`${OCCASION_PREFIX}-INITIAL_FORMS`],
  });
  const total = management.success ? management.data.TOTAL_FORMS : 1;
  const count = Math.min(Math.max(total, 0), MAX_OCCASIONS);
  const rows = Array.from({ length: count }, (_, index) =>
    Object.fromEntries(OCCASION_FIELDS.map((name) => [name, field(index, name)])),
  );
  const rowErrors: Array<Record<string, string>> = [];
  const occasions: Occasion[] = [];
  let valid = true;
  for (const row of rows) {
    const parsed = occasionFormSchema.safeParse(row);
    if (!parsed.success) {
      valid = false;
      rowErrors.push(formErrors(parsed.error, OCCASION_FIELDS).fieldErrors as Record<string, string>);
      continue;
    }
    rowErrors.push({});
    if (parsed.data.occasion)
      occasions.push({
        occasion: parsed.data.occasion,
        relationship: parsed.data.relationship,
        month: Number(parsed.data.month),
        day: Number(parsed.data.day),
      });
  }
  return {
    formset: {
      prefix: OCCASION_PREFIX,
      initialFormCount: 0,
      totalFormCount: Math.max(rows.length, 1),
      maxNum: MAX_OCCASIONS,
      rows: rows.length ? rows : [emptyOccasion()],
      rowErrors: rows.length ? rowErrors : [{}],
    },
    occasions,
    valid: valid && management.success,
    tooMany: total > MAX_OCCASIONS,
  };
}
