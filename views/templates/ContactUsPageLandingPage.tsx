import type { TemplateProps } from '../template-types';

/** Spec section 2's first simple page: only a title (its type forces a noindex robots meta). */
export default function ContactUsPageLandingPage({ page }: TemplateProps) {
  return (
    <div className="template-simple">
      <h1>{page.title}</h1>
    </div>
  );
}
