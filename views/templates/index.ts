import type { TemplateComponent } from '../template-types';
import Error404 from './Error404';
import ExamplePage from './ExamplePage';
import HomePage from './HomePage';
import RedirectPage from './RedirectPage';
import UtilityPage from './UtilityPage';

/** Server-side: every template by name, imported eagerly (the browser loads them lazily). */
export const serverTemplates: Readonly<Record<string, TemplateComponent>> = {
  Error404,
  ExamplePage,
  HomePage,
  RedirectPage,
  UtilityPage,
};
