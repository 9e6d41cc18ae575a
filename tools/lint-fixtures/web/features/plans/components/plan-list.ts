// breaks web-feature-isolated
import { getSubjects } from '../../subjects/api/get-subjects';
import { getPlans } from '../api/get-plans';

export const planList = [getPlans, getSubjects];
