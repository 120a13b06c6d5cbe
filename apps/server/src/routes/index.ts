/** Every route of the API, in the order of the OpenAPI document. */
import { meRoute, pingRoute } from './account.js';
import { deliverRoute } from './ddex-deliver.js';
import { getDeliveryRoute, listDeliveriesRoute } from './ddex-deliveries.js';
import { validateRoute } from './ddex-validate.js';
import type { RouteSpec } from './route-spec.js';

export const ROUTES: RouteSpec[] = [validateRoute, deliverRoute, listDeliveriesRoute, getDeliveryRoute, meRoute, pingRoute];
