/**
 * The dashboard's page shell: every signed-in page is `dashboardPage(reply, { title, section,
 * caller, body })`; the pages before sign-in (sign-in, an invitation's link) are `bareDashboardPage`.
 * The shell brings the navigation (the active section marked), the account and the signed-in user,
 * sign-out, the CSRF token (a meta tag for the script's fetch calls), the stylesheet and script,
 * and the headers every dashboard answer carries (no caching, a strict Content-Security-Policy:
 * no inline script or style, nothing from another origin).
 */
import type { FastifyReply } from 'fastify';
import { sessionOf, type Caller } from '../auth/caller.js';
import { assetUrl } from './assets.js';
import { html, trusted, type SafeHtml } from './html.js';

export { escapeHtml, html, trusted, SafeHtml } from './html.js';

/** Every page of the navigation: its section id, label and URL. A page names its section in the shell. */
export const NAV = [
  {
    group: 'DDEX',
    items: [
      { section: 'test-reports', label: 'Test reports', href: '/dashboard/ddex/test-reports' },
      { section: 'deliveries', label: 'Deliveries', href: '/dashboard/ddex/deliveries' },
      { section: 'connection', label: 'Connection', href: '/dashboard/ddex/connection' },
    ],
  },
  { group: null, items: [{ section: 'webhooks', label: 'Webhooks', href: '/dashboard/webhooks' }] },
  { group: null, items: [{ section: 'money', label: 'Money', href: '/dashboard/money' }] },
  {
    group: 'Settings',
    items: [
      { section: 'settings-api', label: 'API', href: '/dashboard/settings/api' },
      { section: 'settings-users', label: 'Users', href: '/dashboard/settings/users' },
      { section: 'settings-sessions', label: 'Sessions', href: '/dashboard/settings/sessions' },
      { section: 'settings-assistants', label: 'Assistants', href: '/dashboard/settings/assistants' },
    ],
  },
] as const;

export type Section = (typeof NAV)[number]['items'][number]['section'] | 'home';

export interface PageShell {
  /** The page's own title (the <h1> and the start of the window title). */
  title: string;
  section: Section;
  caller: Caller;
  /** The page's content below its heading. Build it with `html\`…\``, which escapes every value. */
  body: SafeHtml;
  /** A line shown above the content: what the last action did ('Key revoked.'). */
  notice?: string;
  /** An error shown above the content, in the alert style. */
  error?: string;
  status?: number;
  /**
   * Another origin a form of the page may end up at: the consent page's redirect to an assistant
   * (CSP form-action also governs where a form's answer redirects).
   */
  formActionOrigin?: string;
}

const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

function headers(reply: FastifyReply, status: number, formActionOrigin?: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', formActionOrigin ? CSP.replace("form-action 'self'", `form-action 'self' ${formActionOrigin}`) : CSP)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    // Invitation links carry their token in the URL: never sent on to another site. Not
    // no-referrer: with it, the browser sends `Origin: null` on the page's own form posts.
    .header('referrer-policy', 'same-origin');
}

/**
 * The name the dashboard goes by: on a white-label portal's domain the account's own name (the
 * portal is the account's, spec 9.2), else the platform's.
 */
export function brandOf(reply: FastifyReply): string {
  return reply.request.portal?.account.name ?? 'ddex-check';
}

function documentHtml(title: string, brand: string, head: SafeHtml, bodyClass: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${brand}</title>
<link rel="stylesheet" href="${assetUrl('dashboard.css')}">
<script src="${assetUrl('dashboard.js')}" defer></script>
${head}
</head>
<body class="${bodyClass}">
${body}
</body>
</html>`.value;
}

/** The hidden form field every POST form of a signed-in page must hold. */
export function csrfField(caller: Caller): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${sessionOf(caller).csrfToken}">`;
}

function nav(section: Section): SafeHtml {
  return html`<nav class="nav" aria-label="Dashboard">${NAV.map(
    (group) =>
      html`<div class="nav-group">${group.group ? html`<p class="nav-heading">${group.group}</p>` : ''}<ul>${group.items.map(
        (item) => html`<li><a href="${item.href}"${item.section === section ? trusted(' aria-current="page"') : ''}>${item.label}</a></li>`,
      )}</ul></div>`,
  )}</nav>`;
}

function messages(notice?: string, error?: string): SafeHtml {
  return html`${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}${error ? html`<p class="alert" role="alert">${error}</p>` : ''}`;
}

/** A signed-in page of the dashboard. */
export function dashboardPage(reply: FastifyReply, shell: PageShell): FastifyReply {
  const session = sessionOf(shell.caller);
  const head = html`<meta name="csrf-token" content="${session.csrfToken}">`;
  const body = html`<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="/dashboard">${brandOf(reply)}</a>
  <div class="who"><span class="account">${shell.caller.account.name}</span><span class="user">${session.user.email}</span>
    <form method="post" action="/dashboard/sign-out">${csrfField(shell.caller)}<button type="submit" class="link-button">Sign out</button></form>
  </div>
</header>
<div class="frame">
  ${nav(shell.section)}
  <main id="main" tabindex="-1">
    <h1>${shell.title}</h1>
    ${messages(shell.notice, shell.error)}
    ${shell.body}
  </main>
</div>`;
  return headers(reply, shell.status ?? 200, shell.formActionOrigin).send(documentHtml(shell.title, brandOf(reply), head, 'signed-in', body));
}

/** A page before sign-in (sign-in, an invitation's link, an error for someone signed out): no navigation. */
export function bareDashboardPage(reply: FastifyReply, o: { title: string; body: SafeHtml; status?: number; notice?: string; error?: string }): FastifyReply {
  const body = html`<main id="main" class="card-page">
  <p class="brand">${brandOf(reply)}</p>
  <h1>${o.title}</h1>
  ${messages(o.notice, o.error)}
  ${o.body}
</main>`;
  return headers(reply, o.status ?? 200).send(documentHtml(o.title, brandOf(reply), html``, 'bare', body));
}

/** A date as the dashboard shows it: UTC text a script turns into the reader's local time (`<time>`). */
export function when(iso: string | null | undefined, empty = '—'): SafeHtml {
  if (!iso) return html`${empty}`;
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}
