/** The dashboard's own pages (start, sign-in, invitation, Settings → Sessions); src/routes.ts adds every section's. */
import { HOME_PAGES } from './home.js';
import { INVITE_PAGES } from './invite.js';
import type { DashboardPage } from './page.js';
import { SESSION_PAGES } from './settings-sessions.js';
import { SIGN_IN_PAGES } from './sign-in.js';

export const CORE_DASHBOARD_PAGES: DashboardPage[] = [...HOME_PAGES, ...SIGN_IN_PAGES, ...INVITE_PAGES, ...SESSION_PAGES];
