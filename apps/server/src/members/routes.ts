/** GET /members (members:read) and POST /members/invite (members:write). */
import type { RouteSpec } from '../http/route-spec.js';
import { readJsonBody } from '../http/json-body.js';
import { invite, type InviteInput } from './invitations.js';
import { listMembers } from './list-members.js';

export const listMembersRoute: RouteSpec = {
  method: 'GET',
  path: '/members',
  operationId: 'listMembers',
  summary: 'Members of the account, newest first',
  description: 'Every member (artist or label) under the account, with its number of releases. `status`: `invited` until the member accepts the invitation, then `active`. The account\'s own catalog is a member too (kind label).',
  scope: 'members:read',
  querystring: 'members-query.schema.json',
  success: { status: 200, schema: 'members-response.schema.json', description: 'Members' },
  errors: [{ status: 400, codes: ['invalid'] }],
  async handler(ctx, caller, request) {
    const { kind } = request.query as { kind?: 'artist' | 'label' };
    return { data: await listMembers(ctx.db, caller.account.id, kind) };
  },
};

export const inviteMemberRoute: RouteSpec = {
  method: 'POST',
  path: '/members/invite',
  operationId: 'inviteMember',
  summary: 'Invite a member',
  description:
    'Creates the member under the account (status `invited`) and emails it a link, valid 7 days and usable once, to set its password; the member is then `active`. ' +
    '409 exists when any account or member of the platform already has that email (compared case-insensitively).',
  scope: 'members:write',
  jsonBody: 'invite-request.schema.json',
  success: { status: 201, schema: 'invite-response.schema.json', description: 'Invited' },
  errors: [
    { status: 400, codes: ['invalid'] },
    { status: 409, codes: ['exists'] },
  ],
  async handler(ctx, caller, request, reply) {
    const body = await readJsonBody<InviteInput>(request, 'invite-request.schema.json');
    const id = await invite(ctx.db, caller.account.id, body);
    ctx.jobs.nudge();
    reply.code(201);
    return { ok: true, id };
  },
};

export const MEMBER_ROUTES: RouteSpec[] = [listMembersRoute, inviteMemberRoute];

/** The invitation's pages: the link in the email opens them. */
export { INVITE_PAGES as MEMBER_PAGES } from './invite-page.js';
