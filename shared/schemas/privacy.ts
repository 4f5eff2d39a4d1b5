import * as z from 'zod';

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** Wagtail's privacy choices (BaseViewRestriction.RESTRICTION_CHOICES), 'none' meaning public. */
export const PRIVACY_CHOICES = [
  { value: 'none', label: 'Public' },
  { value: 'password', label: 'Private, accessible with a shared password' },
  { value: 'login', label: 'Private, accessible to any logged-in users' },
  { value: 'groups', label: 'Private, accessible to users in specific groups' },
] as const;
export type PrivacyChoice = (typeof PRIVACY_CHOICES)[number]['value'];

export function privacyChoiceLabel(value: string): string {
  return PRIVACY_CHOICES.find((choice) => choice.value === value)?.label ?? value;
}

/** A form field that may arrive once (a string) or repeated (an array), as checkboxes do. */
const repeated = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z.array(id).max(1000, 'Too many groups.'),
);

/**
 * The privacy form. `passwordSet`: the page already has a shared password, so a blank password
 * keeps it; choosing 'password' anew needs one (the hash cannot be shown back).
 */
export function privacyFormSchema({ passwordSet }: { passwordSet: boolean }) {
  return z
    .object({
      restriction_type: z.enum(['none', 'password', 'login', 'groups'], { error: 'Select a valid choice.' }),
      password: z.string().max(255, 'Ensure this value has at most 255 characters.').default(''),
      groups: repeated.default([]),
    })
    .superRefine((form, ctx) => {
      if (form.restriction_type === 'password' && form.password === '' && !passwordSet) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'This field is required.' });
      }
      if (form.restriction_type === 'groups' && form.groups.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['groups'], message: 'Please select at least one group.' });
      }
    });
}
export type PrivacyForm = z.infer<ReturnType<typeof privacyFormSchema>>;

/** /_util/authenticate_with_password/{restriction_id}/{page_id}/ */
export const authenticateWithPasswordParams = z.object({ restriction_id: id, page_id: id });

/** The public password form (Wagtail's PasswordViewRestrictionForm). */
export const viewPasswordFormSchema = z.object({
  password: z
    .string({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(4096, 'Ensure this value has at most 4096 characters.'),
  return_url: z.string().max(2000).optional(),
});
