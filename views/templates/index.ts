import type { TemplateComponent } from '../template-types';
import AccessibilityReportPage from './AccessibilityReportPage';
import ContactUsPage from './ContactUsPage';
import ContactUsPageLandingPage from './ContactUsPageLandingPage';
import EmailSignupPage from './EmailSignupPage';
import EmailSignupPageLandingPage from './EmailSignupPageLandingPage';
import Error404 from './Error404';
import ExamplePage from './ExamplePage';
import Footer from './Footer';
import HomePage from './HomePage';
import LocationsPageLocation from './LocationsPageLocation';
import LocationsPageLocationList from './LocationsPageLocationList';
import LocationsPageMap from './LocationsPageMap';
import LocationsPageStateList from './LocationsPageStateList';
import PressReleaseListPage from './PressReleaseListPage';
import PressReleasePage from './PressReleasePage';
import PressSectionPage from './PressSectionPage';
import RedirectPage from './RedirectPage';
import ReservationPage from './ReservationPage';
import UtilityPage from './UtilityPage';
import WaitlistPage from './WaitlistPage';

/** Server-side: every template by name, imported eagerly (the browser loads them lazily). */
export const serverTemplates: Readonly<Record<string, TemplateComponent>> = {
  AccessibilityReportPage,
  ContactUsPage,
  ContactUsPageLandingPage,
  EmailSignupPage,
  EmailSignupPageLandingPage,
  Error404,
  ExamplePage,
  Footer,
  HomePage,
  LocationsPageLocation,
  LocationsPageLocationList,
  LocationsPageMap,
  LocationsPageStateList,
  PressReleaseListPage,
  PressReleasePage,
  PressSectionPage,
  RedirectPage,
  ReservationPage,
  UtilityPage,
  WaitlistPage,
};
