import * as z from 'zod';
import { isTimeZone } from '../admin/local-time';
import { emailSchema, newPasswordSchema } from './admin-accounts';

const REQUIRED = 'This field is required.';
const max = (n: number) => `Ensure this value has at most ${n} characters.`;

/** The back office speaks English today; French is offered for the Canadian staff. */
export const ADMIN_LANGUAGES = [
  { value: 'en-US', label: 'English' },
  { value: 'fr-CA', label: 'Français' },
] as const;

export const accountDetailsFormSchema = z.object({
  first_name: z.string().trim().max(150, max(150)).default(''),
  last_name: z.string().trim().max(150, max(150)).default(''),
  email: emailSchema,
  preferred_language: z.enum(['en-US', 'fr-CA'], { error: 'Select a valid choice.' }),
  /** '' : the site's time zone (TIME_ZONE); otherwise one of Intl's IANA names or UTC. */
  time_zone: z
    .string({ error: 'Choose a time zone from the list.' })
    .trim()
    .max(64, 'Choose a time zone from the list.')
    .refine((zone) => zone === '' || isTimeZone(zone), 'Choose a time zone from the list.')
    .default(''),
});
export type AccountDetailsForm = z.infer<typeof accountDetailsFormSchema>;

const passwordsMatch = (data: { new_password1: string; new_password2: string }, ctx: z.RefinementCtx) => {
  if (data.new_password1 !== data.new_password2)
    ctx.addIssue({ code: 'custom', path: ['new_password2'], message: "The two password fields didn't match." });
};

export const passwordChangeFormSchema = z
  .object({
    old_password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(4096, max(4096)),
    new_password1: newPasswordSchema,
    new_password2: z.string({ error: REQUIRED }).min(1, REQUIRED).max(4096, max(4096)),
  })
  .superRefine(passwordsMatch);

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const setPasswordFormSchema = z
  .object({
    new_password1: newPasswordSchema,
    new_password2: z.string({ error: REQUIRED }).min(1, REQUIRED).max(4096, max(4096)),
  })
  .superRefine(passwordsMatch);

export const resetConfirmParamsSchema = z.object({
  uidb64: z.string().max(16),
  token: z.string().max(100),
});
