import { SiteFooter } from '../components/layout/SiteFooter';
import type { TemplateProps } from '../template-types';

/** The spec's Footer template: the site footer on its own, served at /blocks/footer/. */
export default function Footer({ page }: TemplateProps) {
  return <SiteFooter pageUrl={page.url} />;
}
