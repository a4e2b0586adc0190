// The async import lets Module Federation negotiate shared modules (React, the session store...) before
// any of them runs. It starts in a task of its own: the federation runtime's start-up (the share scope of
// every shared module) and the shared modules the bootstrap consumes are then two tasks, not one long one
// (Lighthouse's Total Blocking Time counts what each task lasts beyond 50 ms at 4× CPU slowdown, issue 26).
setTimeout(() => void import('./bootstrap'), 0);
