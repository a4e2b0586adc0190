// The async import lets Module Federation negotiate shared modules (React, the session store...) before
// any of them runs.
void import('./bootstrap');
