import { planList } from '../features/plans/components/plan-list';
import { getSubjects } from '../features/subjects/api/get-subjects';
import { paths } from './router';

export const pages = { paths, planList, getSubjects };
