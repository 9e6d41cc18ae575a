import { type ComponentType, lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { LoadingOverlay } from '@/components/loading-overlay';
import { paths, routePatterns } from '@/config/paths';
import { RequireAuth, RequireGuest } from './guards';
import { FullScreenLayout, RootLayout } from './layouts/root-layout';
import { NotFound } from './pages/not-found';

/**
 * A route whose page module is loaded on first visit, so the first screen downloads only its
 * own code. The overlay shows while the module loads; moving between screens keeps the old one
 * in place meanwhile (the router's navigations are transitions).
 */
function page(path: string, load: () => Promise<{ default: ComponentType }>): RouteObject {
  const Page = lazy(load);
  return {
    path,
    element: (
      <Suspense fallback={<LoadingOverlay forceVisible />}>
        <Page />
      </Suspense>
    ),
  };
}

/** Screens anyone may see (docs/product.md, Screens). */
const publicRoutes: RouteObject[] = [
  page(paths.home, () => import('./pages/home-page')),
  page(paths.about, () => import('./pages/about-page')),
  page(paths.blog, () => import('./pages/blog-page')),
  page(routePatterns.blogPost, () => import('./pages/blog-post-page')),
  page(paths.contact, () => import('./pages/contact-page')),
  page(paths.services, () => import('./pages/services-page')),
  page(paths.unsubscribe, () => import('./pages/unsubscribe-page')),
  page(paths.resetPassword, () => import('./pages/reset-password-page')),
  // Where a class's join link and QR code lead, signed in or not: signed out, the code waits
  // in this tab for the login and is offered on the dashboard.
  page(routePatterns.classJoin, () => import('./pages/class-join-page')),
];

/** Screens only for visitors who are not logged in. */
const guestRoutes: RouteObject[] = [
  page(paths.login, () => import('./pages/login-page')),
  page(paths.register, () => import('./pages/register-page')),
  page(paths.forgotPassword, () => import('./pages/forgot-password-page')),
];

const studyPlanList = () => import('./pages/study-plan-list-page');
const subjectPage = () => import('./pages/subject-page');
const topicPage = () => import('./pages/topic-page');
const sessionFormPage = () => import('./pages/session-form-page');

/** Screens behind the authentication guard. */
const protectedRoutes: RouteObject[] = [
  page(paths.dashboard, () => import('./pages/dashboard-page')),
  page(paths.profile, () => import('./pages/profile-page')),
  page(paths.calendar, () => import('./pages/calendar-page')),
  page(paths.studyPlans, studyPlanList),
  page(paths.studyPlanList, studyPlanList),
  page(paths.studyPlanCreate, () => import('./pages/plan-create-page')),
  page(paths.cardImport, () => import('./pages/card-import-page')),
  page(routePatterns.studyPlanEdit, () => import('./pages/plan-edit-page')),
  page(routePatterns.studyPlanDetail, () => import('./pages/study-plan-detail-page')),
  page(routePatterns.subject, subjectPage),
  page(routePatterns.subjectDetail, subjectPage),
  page(routePatterns.topic, topicPage),
  // The topic screen also reads the plan id from ?studyPlanId= (docs/product.md, Screens).
  page('/study-plan/topic/:subjectName/:topicName', topicPage),
  page(routePatterns.topicRichContent, () => import('./pages/topic-rich-content-page')),
  page(routePatterns.topicById, () => import('./pages/topic-by-id-page')),
  page(routePatterns.scheduledSession, sessionFormPage),
  page(paths.sessionCreate, sessionFormPage),
  page(routePatterns.smartSchedulerSetup, () => import('./pages/smart-scheduler-setup-page')),
  page(routePatterns.smartSchedulerReview, () => import('./pages/smart-scheduler-review-page')),
  page(paths.classes, () => import('./pages/classes-page')),
  page(paths.classCreate, () => import('./pages/class-create-page')),
  page(routePatterns.classDetail, () => import('./pages/class-page')),
  // Looks like an unknown address to anyone who is not an admin.
  page(paths.admin, () => import('./pages/admin-page')),
];

/** Logged-in screens without the navbar and footer. */
const fullScreenRoutes: RouteObject[] = [
  page(routePatterns.lesson, () => import('./pages/lesson-page')),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...publicRoutes,
      { element: <RequireGuest />, children: guestRoutes },
      { element: <RequireAuth />, children: protectedRoutes },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    element: <FullScreenLayout />,
    children: [{ element: <RequireAuth />, children: fullScreenRoutes }],
  },
];

/**
 * The route table under the app's <BrowserRouter>. Declarative routing, not a data router: the
 * app uses no loaders or actions, and the data router's code would add a sixth of the first
 * screen's JavaScript.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
