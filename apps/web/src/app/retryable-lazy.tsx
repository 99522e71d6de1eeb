import { createElement, lazy, type ComponentType } from 'react';

// Resetters of the lazy components whose code failed to load: React.lazy keeps a rejected
// import for good, so a retry needs a fresh lazy component that imports again.
const failedLoads = new Set<() => void>();

/**
 * A lazily loaded component whose failed import can be tried again (a dropped connection, a
 * deploy that replaced the chunks): after `retryFailedLoads`, rendering it imports once more.
 */
export function retryableLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const makeLazy = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failedLoads.add(reset);
        throw error;
      }
    });
  let current = makeLazy();
  function reset() {
    current = makeLazy();
  }
  function RetryableLazy(props: Props) {
    return createElement(current, props);
  }
  return RetryableLazy;
}

/** Lets every lazy component whose code failed to load import it again when next rendered. */
export function retryFailedLoads(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}
