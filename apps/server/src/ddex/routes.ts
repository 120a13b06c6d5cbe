/** Every route of the DDEX capability: dry runs, deliveries and their status, direct uploads. */
import type { RouteSpec } from '../http/route-spec.js';
import { deliverRoute } from './deliver-route.js';
import { getDeliveryRoute, listDeliveriesRoute } from './deliveries-routes.js';
import { validateRoute } from './validate-route.js';
import { UPLOAD_ROUTES } from './uploads/routes.js';

export const DDEX_ROUTES: RouteSpec[] = [validateRoute, deliverRoute, listDeliveriesRoute, getDeliveryRoute, ...UPLOAD_ROUTES];
