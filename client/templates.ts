import type { TemplateComponent } from '../views/template-types';

type TemplateModule = { default: TemplateComponent };

/**
 * Browser-side: each template is its own chunk, loaded before hydration. The build reads these
 * imports from the esbuild metafile to emit <link rel="modulepreload"> for the page's template.
 */
export const clientTemplates: Readonly<Record<string, () => Promise<TemplateModule>>> = {
  Error404: () => import('../views/templates/Error404'),
  ExamplePage: () => import('../views/templates/ExamplePage'),
  HomePage: () => import('../views/templates/HomePage'),
  RedirectPage: () => import('../views/templates/RedirectPage'),
  UtilityPage: () => import('../views/templates/UtilityPage'),
};
