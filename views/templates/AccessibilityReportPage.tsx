import type { A11yReportPageExtra } from '../../shared/schemas/a11y-report';
import { A11Y_DESCRIPTION_MAX } from '../../shared/forms/a11y-report-path';
import {
  Captcha,
  DefaultSendButton,
  describedBy,
  ErrorSummary,
  Field,
  InputField,
  SendButton,
  useSendOnce,
} from '../forms/fields';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

const FORM = 'a11y-report';

/**
 * 'Report a website accessibility issue' (issue 29), when no external service takes the reports:
 * the guest describes the problem; the page address comes from the footer's link. Posts to
 * itself and works without script; after sending, a thank-you replaces the form.
 */
export default function AccessibilityReportPage({ page }: TemplateProps) {
  const t = useT();
  const form = page.extra as unknown as A11yReportPageExtra;
  return (
    <div className="guest-page">
      <div className="guest-page__inner">
        <h1>{page.title}</h1>
        {form.sent ? (
          <section className="form-confirmation" aria-labelledby="a11y-report-sent-title">
            <h2 id="a11y-report-sent-title">{t('Thank you for your report')}</h2>
            <p>{t('We will look into the problem you described.')}</p>
          </section>
        ) : (
          <>
            <p>
              {t(
                'Tell us what made this site hard to use: what you were trying to do, what happened, and any assistive technology you use.',
              )}
            </p>
            <ReportForm action={page.url} form={form} />
          </>
        )}
      </div>
    </div>
  );
}

function ReportForm({ action, form }: { action: string; form: A11yReportPageExtra }) {
  const t = useT();
  const { sending, onSubmit } = useSendOnce();
  const errors = form.errors.fieldErrors;
  const labels: Record<string, string> = {
    description: t('Describe the problem'),
    email: t('E-mail address (optional, if you would like an answer)'),
    page_url: t('Page address'),
    screen_width: t('Screen width'),
    screen_height: t('Screen height'),
    captcha: t('Robot check'),
  };
  const field = (name: string) => ({
    form: FORM,
    name,
    label: labels[name]!,
    error: errors[name],
    defaultValue: form.values[name] ?? '',
  });
  return (
    <form className="guest-form" method="post" action={action} noValidate onSubmit={onSubmit}>
      <DefaultSendButton label={t('Send the report')} />
      <ErrorSummary form={FORM} errors={form.errors} labels={labels} />
      <input type="hidden" name="csrfmiddlewaretoken" value={form.csrfToken} />
      <input type="hidden" name="screen_width" value={form.values.screen_width ?? ''} />
      <input type="hidden" name="screen_height" value={form.values.screen_height ?? ''} />
      <Field form={FORM} name="description" label={labels.description!} error={errors.description}>
        <textarea
          name="description"
          rows={6}
          maxLength={A11Y_DESCRIPTION_MAX}
          required
          {...describedBy(FORM, 'description', errors.description)}
          defaultValue={form.values.description ?? ''}
        />
      </Field>
      <InputField {...field('page_url')} maxLength={2000} autoComplete="off" />
      <InputField {...field('email')} type="email" autoComplete="email" maxLength={254} />
      <Captcha form={FORM} captcha={form.captcha} error={errors.captcha} />
      <SendButton sending={sending} label={t('Send the report')} />
    </form>
  );
}
