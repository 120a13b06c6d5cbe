/** The dashboard's start page: where each section is and what it is for. */
import { dashboardPage, html, NAV } from './layout.js';
import { signedIn, type DashboardPage } from './page.js';

const ABOUT: Record<string, string> = {
  'test-reports': 'Every test of a delivery in the last 90 days, and a place to drop a new one.',
  deliveries: 'What you delivered, its status as it changes, and each release’s outcome.',
  connection: 'Your SFTP details and keys, and when your systems were last seen.',
  webhooks: 'Where events are sent, and every attempt.',
  money: 'Earnings by month, release and store; balance and payouts.',
  'settings-api': 'API keys: create, see when they were used, revoke.',
  'settings-users': 'Who at your label can sign in here.',
  'settings-sessions': 'Where you are signed in.',
};

export const HOME_PAGES: DashboardPage[] = [
  {
    method: 'GET',
    path: '/dashboard',
    auth: { via: ['session'], scope: null },
    async handler(_ctx, request, reply) {
      const caller = signedIn(request);
      return dashboardPage(reply, {
        title: caller.account.name,
        section: 'home',
        caller,
        body: html`<div class="cards">${NAV.flatMap((group) =>
          group.items.map((item) => html`<a class="card" href="${item.href}"><span class="card-title">${group.group ? `${group.group} · ` : ''}${item.label}</span><span class="card-text">${ABOUT[item.section]}</span></a>`),
        )}</div>`,
      });
    },
  },
];
