import * as z from 'zod';
import { parseOr400 } from '../../../http/validate';
import { SubscriberScreen, SubscribersScreen, type SubscriberRow } from '../../../../views/admin/FormsScreens';
import { findSubscriber, listConsentRecords, listSubscribers, SUBSCRIBER_MODEL } from '../../forms/service';
import type { Subscriber } from '../../forms/table';
import type { ListQuery } from '../viewsets/definition';
import { defineFormlessViewSet } from '../viewsets/formless';
import { adminTime, FORMS_PER_PAGE, pagination } from './list-links';

/**
 * The e-mail subscribers (the signup form's), at /wagtail/forms/subscribers/ (search by address or
 * name, pages of 50), and one subscriber with their consent records at .../{id}/ (the viewset's
 * inspect screen, drawn with the consent table). Subscribers are made and changed by the public
 * signup and unsubscribe only: a viewset without a form, read with 'change' on forms.subscriber.
 */

const [app, model] = SUBSCRIBER_MODEL.split('.') as [string, string];

/** ?q= (the search) and ?p= (the page); a value out of range falls back to none and the first page. */
const subscribersQuerySchema = z.object({
  q: z.string().max(200).catch('').default(''),
  p: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

const byEmail: ListQuery['order'] = { column: 'email', desc: false };
const nameOf = (subscriber: Subscriber) => `${subscriber.first_name} ${subscriber.last_name}`.trim();

const rowOf = (subscriber: Subscriber): SubscriberRow => ({
  id: subscriber.id,
  email: subscriber.email,
  name: nameOf(subscriber),
  subscribed: subscriber.subscribed,
  updatedAt: adminTime(subscriber.updated_at),
});

export const subscribersViewSet = defineFormlessViewSet<Subscriber>({
  app,
  model,
  names: { name: 'subscriber', plural: 'subscribers' },
  base: 'forms/subscribers',
  paths: { inspect: ':pk/' },
  permissions: { list: 'change', inspect: 'change' },
  section: 'forms',
  title: (row) => row.email,
  columns: [
    { name: 'email', label: 'E-mail', sortable: true, value: (row) => row.email },
    { name: 'name', label: 'Name', value: nameOf },
    { name: 'subscribed', label: 'Status', value: (row) => (row.subscribed ? 'subscribed' : 'unsubscribed') },
    { name: 'updated_at', label: 'Updated', sortable: true, value: (row) => adminTime(row.updated_at) },
  ],
  defaultOrder: 'email',
  inspectView: {
    fields: (row) => [
      ['First name', row.first_name],
      ['Last name', row.last_name],
      ['Postcode', row.postcode],
      ['Birthday', row.birthday_month ? `${row.birthday_month}/${row.birthday_day}` : ''],
      ['Occasions', row.occasions.map((o) => `${o.occasion} (${o.relationship}) ${o.month}/${o.day}`).join('; ')],
      ['Language', row.language_code],
      ['Subscribed since', adminTime(row.created_at)],
      ['Unsubscribed at', adminTime(row.unsubscribed_at)],
    ],
    // The consent records under the fields: what the subscriber agreed to, when, where and how.
    render: async ({ db, row, fields }) => {
      const consents = await listConsentRecords(db, row.id);
      return (
        <SubscriberScreen
          subscriber={rowOf(row)}
          fields={fields}
          consents={consents.map((consent) => ({
            id: consent.id,
            action: consent.action,
            channel: consent.channel,
            wording: consent.wording,
            wordingVersion: consent.wording_version,
            language: consent.language_code,
            sourceUrl: consent.source_url,
            ip: consent.ip_address,
            createdAt: adminTime(consent.created_at),
          }))}
        />
      );
    },
  },
  customList: {
    render: async ({ req, list }) => {
      const query = parseOr400(subscribersQuerySchema, req.query, 'list query');
      const offset = (query.p - 1) * FORMS_PER_PAGE;
      const { rows, total } = await list({ q: query.q, filters: {}, order: byEmail, limit: FORMS_PER_PAGE, offset });
      const element = (
        <SubscribersScreen
          q={query.q}
          total={total}
          rows={rows.map(rowOf)}
          pagination={pagination(req, query.p, total)}
        />
      );
      return { screen: { title: 'Subscribers', element } };
    },
  },
  store: {
    list: (db, query) => listSubscribers(db, query),
    get: (db, pk) => findSubscriber(db, pk),
  },
});
