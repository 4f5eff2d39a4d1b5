import * as z from 'zod';
import { blockBodySchema } from '../../../shared/schemas/block-body';
import { safeUrlSchema } from '../../../shared/schemas/content';
import { notifyEmailsSchema } from '../../../shared/schemas/email-list';
import { definePageType } from '../pages/page-type';

const PARENTS = ['HomePage', 'ExamplePage', 'UtilityPage', 'RedirectPage'];

/** Staff addresses a form's submissions are mailed to; never sent to the browser. */
const notifyEmails = notifyEmailsSchema;

/** Edited on the page editor as a plain list of addresses, not as blocks. */
const notifyEmailsField = {
  name: 'notify_emails',
  label: 'Notification e-mails',
  help: 'Who is e-mailed each time a guest sends this form: one address per line (up to 10). Leave empty to keep submissions in Forms only.',
  kind: 'email_list',
} as const;

/** The contact page (spec section 2): body blocks, then 'Send Us a Message' and the form; a thank-you area after sending. */
export const contactUsPage = definePageType({
  type: 'ContactUsPage',
  label: 'Contact page',
  contentSchema: z.object({
    body: blockBodySchema,
    confirmation_content: blockBodySchema,
    notify_emails: notifyEmails,
  }),
  streamFields: ['body', 'confirmation_content'],
  privateFields: ['notify_emails'],
  editorFields: [notifyEmailsField],
  parentTypes: PARENTS,
  routable: true,
});

/** The e-mail signup page: body, pre-form content, the form, legal text, FAQ and unsubscribe links. */
export const emailSignupPage = definePageType({
  type: 'EmailSignupPage',
  label: 'E-mail signup page',
  contentSchema: z.object({
    body: blockBodySchema,
    pre_form_content: blockBodySchema,
    legal_text: blockBodySchema,
    confirmation_content: blockBodySchema,
    faq_url: safeUrlSchema.optional(),
    unsubscribe_url: safeUrlSchema.optional(),
    notify_emails: notifyEmails,
  }),
  streamFields: ['body', 'pre_form_content', 'legal_text', 'confirmation_content'],
  privateFields: ['notify_emails'],
  editorFields: [notifyEmailsField],
  parentTypes: PARENTS,
  routable: true,
});

export const FORM_PAGE_TYPES = [contactUsPage.type, emailSignupPage.type] as const;
