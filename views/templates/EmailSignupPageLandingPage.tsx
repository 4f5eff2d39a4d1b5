import type { TemplateProps } from '../template-types';

/**
 * Spec section 2's second simple page: only page metadata, which the document head carries
 * (title, description, robots). The title stays in the outline for screen readers.
 */
export default function EmailSignupPageLandingPage({ page }: TemplateProps) {
  return <h1 className="visually-hidden">{page.title}</h1>;
}
