import { contactUsPage, emailSignupPage } from './modules/forms/page-types';
import { error404Page, locationsPageMap, locationsPageStateList } from './modules/locations/page-types';
import { cancelModerationOnPublish } from './modules/moderation/cancel-on-publish';
import { inModerationColumn } from './modules/moderation/repo';
import { restartTaskOnNewDraft } from './modules/moderation/restart-on-edit';
import { moderationOnDisabled } from './modules/moderation/on-disabled';
import { onWorkflowOrTaskDisabled } from './modules/workflows/service';
import { provideInModerationColumn } from './modules/pages/repo';
import { registerPageLifecycleHooks, registerPublicFallback } from './modules/pages/lifecycle-hooks';
import { registerPageTypes } from './modules/pages/page-types';
import { registerPrivatePathFilter } from './modules/pages/private-paths';
import { privatePathTester } from './modules/privacy/service';
import { examplePage, homePage, redirectPage, rootPage, utilityPage } from './modules/pages/types/core';
import { contactUsLandingPage, emailSignupLandingPage } from './modules/pages/types/simple';
import { pressReleaseListPage, pressReleasePageType, pressSectionPage } from './modules/press/page-types';
import { findPublicRedirect, recordPageMoveRedirects } from './modules/redirects/service';
import { withoutDeletedImages } from './modules/images/deleted-images';
import { sitemapExtra } from './modules/navigation/sitemap';
import { registerContentFilter, registerRenderExtra } from './modules/pages/render-hooks';
import { toolboxExtra } from './modules/snippets/toolbox-extra';
import { snippetsChangedOnCommit } from './modules/snippets/service';
import { onSourcePublished } from './modules/translations/source-service';
import { provideLiveWaits } from './modules/locations/live-waits';
import { onReferencesSaved } from './modules/references/service';
import { recordReferencedEmbeds } from './modules/embeds/record-referenced';
import { liveWaits } from './modules/waitlist/estimate-service';
import { installHumanErrorMessages } from '../shared/schemas/error-messages';

/**
 * The composition root: where features plug into the core (docs/architecture.md). The core (the
 * page tree, sites, revisions, permissions, audit) imports no feature; each feature's page types
 * and its reactions to what happens to pages are registered here, once per process, when this
 * module is first imported (by server/app.ts, and by test/setup.ts for tests that use services
 * without an app). A new page type or lifecycle hook is added here.
 */

// Validation speaks to people: zod's own messages never reach a screen (shared/schemas/error-messages.ts).
installHumanErrorMessages();

// Every page type, in the order the admin offers them.
registerPageTypes([
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
]);

// Moderation follows the page's drafts and publishing, and tells the page listings which pages it holds.
provideInModerationColumn(inModerationColumn);
registerPageLifecycleHooks({
  draftSaved: (trx, { page, revisionId, userId, title }) => restartTaskOnNewDraft(trx, page, revisionId, userId, title),
  publishing: (trx, { page, userId }) => cancelModerationOnPublish(trx, page, userId),
});
// Disabling a task or a workflow moves on or cancels the submissions standing at it.
onWorkflowOrTaskDisabled(moderationOnDisabled);

// Redirects keep a moved page's old URLs working and answer public paths no page matches.
registerPageLifecycleHooks({ moved: (trx, { moved, userId }) => recordPageMoveRedirects(trx, moved, userId) });
registerPublicFallback(findPublicRedirect);

// Privacy: the explorer and the page search mark pages in a restricted subtree as private.
registerPrivatePathFilter(privatePathTester);

// Header menus link to pages by id: a moved or republished page (a new slug) changes their address,
// and an unpublished or deleted one drops out of them.
registerPageLifecycleHooks({
  moved: (trx) => snippetsChangedOnCommit(trx),
  published: (trx) => snippetsChangedOnCommit(trx),
  unpublished: (trx) => snippetsChangedOnCommit(trx),
  deleting: (trx) => snippetsChangedOnCommit(trx),
});

// Translations: publishing a source page marks the translated segments whose source changed out of date.
registerPageLifecycleHooks({ published: (trx, { page }) => onSourcePublished(trx, page.id) });

// Rendering: pictures deleted from the library are left out of a page (never a broken picture);
// a sitemap block gets the site's page list, a toolbox block its toolbox's current blocks.
registerContentFilter((db, content, report) =>
  withoutDeletedImages(db, content, (imageId, path) =>
    report({ imageId, path }, 'a deleted image is still used by the page; rendering without it'),
  ),
);
registerRenderExtra(({ db, tree, root, content }) => sitemapExtra(db, tree, root, content));
registerRenderExtra(({ db, logger, content }) => toolboxExtra(db, logger, content));

// The locations API prints each restaurant's live wait, worked out by the wait list.
provideLiveWaits((db, rows) => liveWaits(db, rows));

// Content that references an embed URL records it for the embeds screen.
onReferencesSaved(recordReferencedEmbeds);
