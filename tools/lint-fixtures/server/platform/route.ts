// breaks server-lower-layers-not-features
import { planRoutes } from '../features/plans/index.js';

export const routes = [planRoutes];
