import type { TemplateComponent } from '../template-types';
import ContactUsPageLandingPage from './ContactUsPageLandingPage';
import EmailSignupPageLandingPage from './EmailSignupPageLandingPage';
import Error404 from './Error404';
import ExamplePage from './ExamplePage';
import Footer from './Footer';
import HomePage from './HomePage';
import LocationsPageLocation from './LocationsPageLocation';
import LocationsPageLocationList from './LocationsPageLocationList';
import LocationsPageMap from './LocationsPageMap';
import LocationsPageStateList from './LocationsPageStateList';
import RedirectPage from './RedirectPage';
import UtilityPage from './UtilityPage';

/** Server-side: every template by name, imported eagerly (the browser loads them lazily). */
export const serverTemplates: Readonly<Record<string, TemplateComponent>> = {
  ContactUsPageLandingPage,
  EmailSignupPageLandingPage,
  Error404,
  ExamplePage,
  Footer,
  HomePage,
  LocationsPageLocation,
  LocationsPageLocationList,
  LocationsPageMap,
  LocationsPageStateList,
  RedirectPage,
  UtilityPage,
};
