/**
 * Every route of the API, in the order of the OpenAPI document, and every page: each capability's
 * `routes.ts` declares its own; and every page of the dashboard (dashboard/README.md).
 */
import { ACCOUNT_ROUTES } from './account/routes.js';
import { DDEX_ROUTES } from './ddex/routes.js';
import { RELEASE_ROUTES } from './releases/routes.js';
import { MEMBER_PAGES, MEMBER_ROUTES } from './members/routes.js';
import { WEBHOOK_ROUTES } from './webhooks/routes.js';
import { EARNINGS_ROUTES } from './earnings/routes.js';
import { PAYOUT_ROUTES } from './payouts/routes.js';
import { LINK_PAGES, LINK_ROUTES } from './links/routes.js';
import { OAUTH_PAGES } from './mcp/oauth/routes.js';
import { MANIFEST_PAGE } from './mcp/manifest.js';
import { CORE_DASHBOARD_PAGES } from './dashboard/routes.js';
import { WEBHOOK_DASHBOARD_PAGES } from './dashboard/webhooks.js';
import { MONEY_PAGES } from './dashboard/money.js';
import { MONEY_LIST_PAGES } from './dashboard/money-lists.js';
import { TEST_REPORT_PAGES } from './dashboard/ddex-test-reports.js';
import { DELIVERY_PAGES } from './dashboard/ddex-deliveries.js';
import { CONNECTION_PAGES } from './dashboard/ddex-connection.js';
import { CONSENT_PAGES } from './dashboard/assistants-consent.js';
import { ASSISTANT_PAGES } from './dashboard/settings-assistants.js';
import type { DashboardPage } from './dashboard/page.js';
import type { PageRoute } from './http/page-route.js';
import type { RouteSpec } from './http/route-spec.js';

export const ROUTES: RouteSpec[] = [...DDEX_ROUTES, ...ACCOUNT_ROUTES, ...MEMBER_ROUTES, ...RELEASE_ROUTES, ...LINK_ROUTES, ...EARNINGS_ROUTES, ...PAYOUT_ROUTES, ...WEBHOOK_ROUTES];

export const PAGES: PageRoute[] = [...MEMBER_PAGES, ...LINK_PAGES, ...OAUTH_PAGES, MANIFEST_PAGE];

export const DASHBOARD_PAGES: DashboardPage[] = [
  ...CORE_DASHBOARD_PAGES,
  ...TEST_REPORT_PAGES,
  ...DELIVERY_PAGES,
  ...CONNECTION_PAGES,
  ...WEBHOOK_DASHBOARD_PAGES,
  ...MONEY_PAGES,
  ...MONEY_LIST_PAGES,
  ...CONSENT_PAGES,
  ...ASSISTANT_PAGES,
];
