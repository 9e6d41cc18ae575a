// breaks web-feature-not-app
import { paths } from '../../../app/router';
import { apiFetch } from '../../../lib/api-client';

export const getPlans = () => apiFetch(paths.plans);
