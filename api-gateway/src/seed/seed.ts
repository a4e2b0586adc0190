import type { AppContext } from '../context';

export async function seedIfEmpty(_ctx: AppContext): Promise<void> {}
