/** The dashboard's own pages (start, sign-in, invitation, Settings → API, Users, Sessions); src/routes.ts adds every section's. */
import { HOME_PAGES } from './home.js';
import { INVITE_PAGES } from './invite.js';
import type { DashboardPage } from './page.js';
import { API_KEY_PAGES } from './settings-api.js';
import { SESSION_PAGES } from './settings-sessions.js';
import { USER_PAGES } from './settings-users.js';
import { SIGN_IN_PAGES } from './sign-in.js';

export const CORE_DASHBOARD_PAGES: DashboardPage[] = [...HOME_PAGES, ...SIGN_IN_PAGES, ...INVITE_PAGES, ...API_KEY_PAGES, ...USER_PAGES, ...SESSION_PAGES];
