import { healthEndpoints } from '@studybuddy/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/health; any answer also hands out the XSRF-TOKEN cookie. */
export function getHealth() {
  return apiRequest(healthEndpoints.get, { auth: false });
}
