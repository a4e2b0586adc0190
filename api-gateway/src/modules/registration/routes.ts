import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';

export function registerRegistrationRoutes(_api: ApiRouter, _ctx: AppContext): void {}
