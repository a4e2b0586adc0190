// Standalone dev entry (`pnpm --filter mfe-auth dev`). The async import gives Module Federation the chance to
// negotiate shared modules before any of them runs.
void import('./standalone');
