import type { Router } from 'express';
import type { AppContext } from '../context';

export function registerOpenApiRoutes(_api: Router, _ctx: AppContext): void {}
