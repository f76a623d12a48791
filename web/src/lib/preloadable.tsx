import { lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * `React.lazy` that renders at once when its chunk has already been fetched, through `load` (a
 * prefetch on idle or on a hint) or an earlier render.
 *
 * Plain `lazy` suspends on its first render even then, because it only asks for the module when it
 * first renders. A tap's update shows the Suspense fallback, and React holds back the reveal of what
 * suspended until 300 ms after the last fallback it showed (its throttle for retries). So a dialog
 * or step whose code was already here still took a third of a second to appear.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props: the module's own type says which
export function preloadable<M extends { default: ComponentType<any> }>(importModule: () => Promise<M>) {
  type Props = ComponentProps<M['default']>;
  let loaded: ComponentType<Props> | undefined;
  const load = (): Promise<M> =>
    importModule().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  function Preloadable(props: Props) {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }
  return Object.assign(Preloadable, { load });
}
