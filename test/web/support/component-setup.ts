import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The component files share a worker and its jsdom (isolate: false in vitest.config.ts: a fresh
// process and jsdom per file cost more than the tests). So each file starts as a new tab would: the
// app's modules evaluated again (their stores and caches empty), no storage, a blank page at `/`.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
document.title = '';
window.history.replaceState(null, '', '/');

// jsdom lacks these browser APIs; the wizard only needs them to answer.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }),
});
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// A step's first render imports its lazy chunk through Vite's transform: on a loaded two-core
// machine that alone can pass the default second. Waiting longer costs a passing test nothing.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
