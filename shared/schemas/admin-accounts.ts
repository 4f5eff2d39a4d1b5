import * as z from 'zod';
import { idParam } from './admin';

/**
 * Back-office forms for users, groups and sites (Wagtail's UserCreationForm, GroupForm and
 * SiteForm limits and wording). Checkboxes arrive as 'on' or not at all; multi-valued fields as a
 * string or an array of strings.
 */
const REQUIRED = 'This field is required.';
const max = (n: number) => `Ensure this value has at most ${n} characters.`;

export const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());
export const idList = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      z.coerce
        .number({ error: 'Select a valid choice.' })
        .int('Select a valid choice.')
        .min(1, 'Select a valid choice.')
        .max(2_147_483_647),
    )
    .max(500),
);
const requiredText = (limit: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(limit, max(limit));
const optionalText = (limit: number) => z.string().trim().max(limit, max(limit)).default('');

export const USERNAME_PATTERN = /^[\w.@+-]+$/;
export const MIN_PASSWORD_LENGTH = 12;

export const usernameSchema = requiredText(150).regex(
  USERNAME_PATTERN,
  'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
);
export const emailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, max(254))
  .pipe(z.email('Enter a valid email address.'));
export const newPasswordSchema = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .min(MIN_PASSWORD_LENGTH, `This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(4096, max(4096));

const passwordsMatch = (data: { password1?: string; password2?: string }, ctx: z.RefinementCtx) => {
  if ((data.password1 ?? '') !== (data.password2 ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['password2'], message: "The two password fields didn't match." });
  }
};

const userFields = {
  username: usernameSchema,
  email: emailSchema,
  first_name: optionalText(150),
  last_name: optionalText(150),
  is_active: checkbox,
  is_superuser: checkbox,
  groups: idList,
};

export const userCreateFormSchema = z
  .object({
    ...userFields,
    password1: newPasswordSchema,
    password2: z.string({ error: REQUIRED }).min(1, REQUIRED).max(4096),
  })
  .superRefine(passwordsMatch);

/** On edit the password is changed only when typed (Wagtail's UserEditForm). */
export const userEditFormSchema = z
  .object({
    ...userFields,
    password1: z.union([z.literal(''), newPasswordSchema]).default(''),
    password2: z.string().max(4096).default(''),
  })
  .superRefine(passwordsMatch);
export type UserCreateForm = z.infer<typeof userCreateFormSchema>;
export type UserEditForm = z.infer<typeof userEditFormSchema>;
export const USER_TEXT_FIELDS = ['username', 'email', 'first_name', 'last_name'] as const;

export const PAGE_PERMISSION_CHOICES = [
  { value: 'add', label: 'Add', help: 'Add child pages, and edit the pages you own' },
  { value: 'change', label: 'Edit', help: 'Edit any page' },
  { value: 'publish', label: 'Publish', help: 'Publish and unpublish pages, and set their privacy' },
  { value: 'bulk_delete', label: 'Bulk delete', help: 'Delete pages that have child pages' },
  { value: 'lock', label: 'Lock', help: 'Lock pages against editing' },
  { value: 'unlock', label: 'Unlock', help: 'Unlock pages locked by others' },
] as const;
const permissionType = z.enum(['add', 'change', 'publish', 'bulk_delete', 'lock', 'unlock'], {
  error: 'Select a valid choice.',
});
const permissionList = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z.array(permissionType).max(6),
);

export const MODEL_ACTION_CHOICES = [
  { value: 'add', label: 'Add' },
  { value: 'change', label: 'Change' },
  { value: 'delete', label: 'Delete' },
  { value: 'publish', label: 'Publish' },
] as const;
export const COLLECTION_PERMISSION_CHOICES = [
  { value: 'add', label: 'Add', help: 'Add images, documents and videos to the collection' },
  { value: 'change', label: 'Change', help: 'Edit and delete the media in the collection' },
  { value: 'choose', label: 'Choose', help: 'Choose its media in the editor' },
] as const;
const PAGE_NUMBER =
  'Choose a page with the chooser, or type the number from its edit address (/wagtail/pages/42/edit/).';
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(max),
  );
const modelActionList = listOf(z.enum(['add', 'change', 'delete', 'publish'], { error: 'Select a valid choice.' }), 4);
const collectionPermissionList = listOf(z.enum(['add', 'change', 'choose'], { error: 'Select a valid choice.' }), 3);

/**
 * The group form: name, admin access, and page permissions as `perm_<pageId>` checkbox lists
 * (one row per page) plus one row to grant permissions on another page.
 */
export const groupFormSchema = z
  .object({
    name: requiredText(150),
    can_access_admin: checkbox,
    page_permissions: z.record(z.string().regex(/^\d{1,10}$/), permissionList),
    // The page chooser fills in the page's number; without JavaScript it is typed.
    new_page: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value === undefined ? '' : value),
      z
        .string({ error: PAGE_NUMBER })
        .regex(/^\d{0,10}$/, PAGE_NUMBER)
        .transform((value) => (value === '' ? ('' as const) : Number(value)))
        .refine((value) => value === '' || (value >= 1 && value <= 2_147_483_647), PAGE_NUMBER),
    ),
    new_permissions: permissionList,
    // Model permissions ('model_wagtailredirects.redirect' -> add/change/delete/publish) and
    // collection permissions ('coll_<id>' rows plus one row to grant on another collection).
    model_permissions: z.record(z.string().regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/), modelActionList).default({}),
    collection_permissions: z.record(z.string().regex(/^\d{1,10}$/), collectionPermissionList).default({}),
    new_collection: z
      .union([z.literal(''), z.coerce.number().int().min(1, 'Select a valid choice.').max(2_147_483_647)])
      .default(''),
    new_collection_permissions: collectionPermissionList,
  })
  .superRefine((data, ctx) => {
    if (data.new_page !== '' && data.new_permissions.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_permissions'],
        message: 'Choose at least one permission for this page.',
      });
    }
    if (data.new_page === '' && data.new_permissions.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['new_page'], message: 'Choose the page these permissions apply to.' });
    }
    if (data.new_collection !== '' && data.new_collection_permissions.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_collection_permissions'],
        message: 'Choose at least one permission for this collection.',
      });
    }
    if (data.new_collection === '' && data.new_collection_permissions.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_collection'],
        message: 'Choose the collection these permissions apply to.',
      });
    }
  });
export type GroupForm = z.infer<typeof groupFormSchema>;

/** Reads `perm_<id>` fields out of a urlencoded body into the shape groupFormSchema expects. */
export function groupFormInput(body: Record<string, unknown>): Record<string, unknown> {
  const page_permissions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^perm_(\d{1,10})$/.exec(key);
    if (match) page_permissions[match[1]!] = value;
  }
  // Rows kept on the form with every box unticked still post their page id, so they show again.
  for (const id of Array.isArray(body.pages) ? body.pages : typeof body.pages === 'string' ? [body.pages] : []) {
    if (typeof id === 'string' && /^\d{1,10}$/.test(id)) page_permissions[id] ??= [];
  }
  const model_permissions: Record<string, unknown> = {};
  const collection_permissions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const model = /^model_([a-z_]{1,40}\.[a-z_]{1,40})$/.exec(key);
    if (model) model_permissions[model[1]!] = value;
    const collection = /^coll_(\d{1,10})$/.exec(key);
    if (collection) collection_permissions[collection[1]!] = value;
  }
  for (const id of Array.isArray(body.collections)
    ? body.collections
    : typeof body.collections === 'string'
      ? [body.collections]
      : []) {
    if (typeof id === 'string' && /^\d{1,10}$/.test(id)) collection_permissions[id] ??= [];
  }
  return { ...body, page_permissions, model_permissions, collection_permissions };
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const siteFormSchema = z.object({
  hostname: requiredText(255)
    .regex(HOSTNAME, 'Enter a host name such as www.example.com, without a scheme or a port.')
    .transform((h) => h.toLowerCase()),
  port: z.preprocess(
    (value) => (value === '' || value === undefined ? 80 : value),
    z.coerce
      .number({ error: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .min(1, 'Enter a port between 1 and 65535.')
      .max(65535, 'Enter a port between 1 and 65535.'),
  ),
  site_name: optionalText(255),
  root_page: z.coerce.number({ error: REQUIRED }).int(REQUIRED).min(1, REQUIRED).max(2_147_483_647),
  is_default_site: checkbox,
});
export type SiteForm = z.infer<typeof siteFormSchema>;

export const idParamsSchema = z.object({ id: idParam });
