import { contactUsPage, emailSignupPage } from '../forms/page-types';
import { locationsPageMap, locationsPageStateList } from '../locations/page-types';
import type { PageTypeDefinition } from './page-type';
import { pressReleaseListPage, pressReleasePageType, pressSectionPage } from '../press/page-types';
import { error404Page, examplePage, homePage, redirectPage, rootPage, utilityPage } from './types/core';
import { contactUsLandingPage, emailSignupLandingPage } from './types/simple';

const definitions: PageTypeDefinition[] = [
  rootPage,
  homePage,
  examplePage,
  utilityPage,
  redirectPage,
  error404Page,
  locationsPageStateList,
  locationsPageMap,
  contactUsLandingPage,
  emailSignupLandingPage,
  pressSectionPage,
  pressReleaseListPage,
  pressReleasePageType,
  contactUsPage,
  emailSignupPage,
];

/** Every page type, keyed by type name. Domain modules add theirs to the list above. */
export const pageTypes: ReadonlyMap<string, PageTypeDefinition> = new Map(definitions.map((d) => [d.type, d]));

export function pageTypeOf(type: string): PageTypeDefinition | undefined {
  return pageTypes.get(type);
}
