import type express from 'express';
import type { AppContext } from '../context';

export function mountWeb(_app: express.Express, _ctx: AppContext): void {}
