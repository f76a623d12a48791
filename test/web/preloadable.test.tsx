import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '@/lib/preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>;

describe('preloadable: a lazy component that renders at once once its code is here', () => {
  it('renders on the first render, with no fallback, when its chunk was loaded before', async () => {
    // Prepare
    let imports = 0;
    const Lazy = preloadable(() => {
      imports += 1;
      return Promise.resolve({ default: Greeting });
    });
    await Lazy.load();
    // Act
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="Asha" />
      </Suspense>,
    );
    // Assess: no Suspense fallback, and the module was asked for once
    expect(screen.getByText('Hello, Asha')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(imports).toBe(1);
  });

  it('suspends and then renders when it was not loaded yet', async () => {
    // Prepare
    let resolve: (module: { default: typeof Greeting }) => void = () => undefined;
    const Lazy = preloadable(() => new Promise<{ default: typeof Greeting }>((done) => (resolve = done)));
    // Act
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Lazy name="Ravi" />
      </Suspense>,
    );
    // Assess
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => resolve({ default: Greeting }));
    expect(await screen.findByText('Hello, Ravi', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('lets a load that failed be tried again', async () => {
    // Prepare
    let fail = true;
    const Lazy = preloadable(() => (fail ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ default: Greeting })));
    // Act
    await expect(Lazy.load()).rejects.toThrow('chunk failed');
    fail = false;
    await Lazy.load();
    render(<Lazy name="Meera" />);
    // Assess
    expect(screen.getByText('Hello, Meera')).toBeTruthy();
  });
});
