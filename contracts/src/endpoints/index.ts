import type { AnyEndpoint } from '../endpoint';
import { AffiliateAreaEndpoints } from './affiliate-area';
import { AffiliateEndpoints, DashboardEndpoints, MediaEndpoints } from './affiliates';
import { AuthEndpoints, WebConfigEndpoints } from './auth';
import { DocsEndpoints, HealthEndpoints, MasterEndpoints } from './master';
import { DevEndpoints, RegistrationEndpoints } from './registration';
import { ReportEndpoints } from './reports';

export * from './affiliate-area';
export * from './affiliates';
export * from './auth';
export * from './master';
export * from './registration';
export * from './reports';

/** Every call of the portal, for the gateway's wiring check, the OpenAPI test and the authorization matrix. */
export const ALL_ENDPOINTS: readonly AnyEndpoint[] = [
  AuthEndpoints,
  WebConfigEndpoints,
  HealthEndpoints,
  MasterEndpoints,
  RegistrationEndpoints,
  DevEndpoints,
  AffiliateEndpoints,
  AffiliateAreaEndpoints,
  MediaEndpoints,
  DashboardEndpoints,
  ReportEndpoints,
  DocsEndpoints,
].flatMap((group) => Object.values(group));
