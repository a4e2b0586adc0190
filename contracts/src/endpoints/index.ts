import type { AnyEndpoint } from '../endpoint';
import { AffiliateEndpoints, DashboardEndpoints, MediaEndpoints } from './affiliates';
import { AuthEndpoints, WebConfigEndpoints } from './auth';
import { CommissionEndpoints } from './commission';
import { DocsEndpoints, HealthEndpoints, MasterEndpoints } from './master';
import { DevEndpoints, RegistrationEndpoints } from './registration';
import { ReportEndpoints } from './reports';

export * from './affiliates';
export * from './auth';
export * from './commission';
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
  MediaEndpoints,
  DashboardEndpoints,
  ReportEndpoints,
  CommissionEndpoints,
  DocsEndpoints,
].flatMap((group) => Object.values(group));
