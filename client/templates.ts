import type { TemplateComponent } from '../views/template-types';

type TemplateModule = { default: TemplateComponent };

/**
 * Browser-side: each template is its own chunk, loaded before hydration. The build reads these
 * imports from the esbuild metafile to emit <link rel="modulepreload"> for the page's template.
 */
export const clientTemplates: Readonly<Record<string, () => Promise<TemplateModule>>> = {
  AccessibilityReportPage: () => import('../views/templates/AccessibilityReportPage'),
  ContactUsPage: () => import('../views/templates/ContactUsPage'),
  EmailSignupPage: () => import('../views/templates/EmailSignupPage'),
  ContactUsPageLandingPage: () => import('../views/templates/ContactUsPageLandingPage'),
  EmailSignupPageLandingPage: () => import('../views/templates/EmailSignupPageLandingPage'),
  Error404: () => import('../views/templates/Error404'),
  ExamplePage: () => import('../views/templates/ExamplePage'),
  Footer: () => import('../views/templates/Footer'),
  HomePage: () => import('../views/templates/HomePage'),
  LocationsPageLocation: () => import('../views/templates/LocationsPageLocation'),
  LocationsPageLocationList: () => import('../views/templates/LocationsPageLocationList'),
  LocationsPageMap: () => import('../views/templates/LocationsPageMap'),
  LocationsPageStateList: () => import('../views/templates/LocationsPageStateList'),
  PressReleaseListPage: () => import('../views/templates/PressReleaseListPage'),
  PressReleasePage: () => import('../views/templates/PressReleasePage'),
  PressSectionPage: () => import('../views/templates/PressSectionPage'),
  RedirectPage: () => import('../views/templates/RedirectPage'),
  ReservationPage: () => import('../views/templates/ReservationPage'),
  UtilityPage: () => import('../views/templates/UtilityPage'),
  WaitlistPage: () => import('../views/templates/WaitlistPage'),
};
