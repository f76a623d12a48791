import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
