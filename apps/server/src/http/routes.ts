/** Every route of the API, in the order of the OpenAPI document. */
import { meRoute, pingRoute } from '../account/routes.js';
import { deliverRoute } from '../ddex/deliver-route.js';
import { getDeliveryRoute, listDeliveriesRoute } from '../ddex/deliveries-routes.js';
import { validateRoute } from '../ddex/validate-route.js';
import { getReleaseRoute, listReleasesRoute, releaseHistoryRoute } from '../releases/routes.js';
import { inviteMemberRoute, listMembersRoute } from '../members/routes.js';
import { WEBHOOK_ROUTES } from '../webhooks/routes.js';
import { UPLOAD_ROUTES } from '../ddex/uploads/routes.js';
import { earningsRoute } from '../earnings/routes.js';
import { payoutsRoute } from '../payouts/routes.js';
import { listLinksRoute } from '../links/routes.js';
import type { RouteSpec } from './route-spec.js';

export const ROUTES: RouteSpec[] = [validateRoute, deliverRoute, listDeliveriesRoute, getDeliveryRoute, ...UPLOAD_ROUTES, meRoute, pingRoute, listMembersRoute, inviteMemberRoute, listReleasesRoute, getReleaseRoute, releaseHistoryRoute, listLinksRoute, earningsRoute, payoutsRoute, ...WEBHOOK_ROUTES];
