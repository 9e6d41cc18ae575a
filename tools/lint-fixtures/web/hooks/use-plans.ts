// breaks web-shared-not-upward
import { getPlans } from '../features/plans/api/get-plans';

export const usePlans = () => getPlans();
