import { apiFetch } from '../../../lib/api-client';

export const getSubjects = () => apiFetch('/subjects');
