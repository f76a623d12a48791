import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getPackagesQueryOptions } from '../api/get-packages';
import { getSafarisQueryOptions } from '../api/get-safaris';
import { getStayQuoteQueryOptions } from '../api/get-stay-quote';
import { loadPackagesStep, loadPaymentStep, loadSafarisStep } from '../components/step-chunks';
import { partySize, villaAvailable, type Draft } from '../model/draft';
import type { Step } from '../model/wizard';
import { quoteRequestOf, stayQuoteRequest } from './use-running-quote';

/** Swallows a prefetch's failure: the step itself shows the error and a Retry when the guest gets there. */
const quietly = (promise: Promise<unknown>) => void promise.catch(() => undefined);

/**
 * Step 2's code and what it shows for this stay: the packages, and the quote of the stay alone and
 * with each package that fits the party. Step 1 asks for them beside the availability check (the
 * guest moves on as soon as it answers), and again, from the cache, once the stay is available.
 */
export function prefetchPackagesStep(queryClient: QueryClient, draft: Draft): void {
  const base = stayQuoteRequest(draft, { packageId: null });
  if (!base) return;
  const guests = partySize(draft);
  quietly(loadPackagesStep());
  quietly(queryClient.prefetchQuery(getStayQuoteQueryOptions(base)));
  quietly(
    queryClient
      .fetchQuery(getPackagesQueryOptions())
      .then((packages) =>
        Promise.all(
          packages
            .filter((stayPackage) => guests >= stayPackage.min_guests && guests <= stayPackage.max_guests)
            .map((stayPackage) => queryClient.prefetchQuery(getStayQuoteQueryOptions({ ...base, packageId: stayPackage.id }))),
        ),
      ),
  );
}

/**
 * While the guest is on a step, the next step's code and data load (the same queryOptions
 * factories the steps use), so moving on is instant: packages and their prices for this stay from
 * step 1, safaris from step 2, the final quote from step 3.
 */
export function usePrefetchNextStep(step: Step, draft: Draft): void {
  const queryClient = useQueryClient();
  const available = villaAvailable(draft);
  const packageRequestKey = JSON.stringify(quoteRequestOf(draft, { packageId: null }) ?? null);

  useEffect(() => {
    if (step === 1 && available) prefetchPackagesStep(queryClient, draft);
    // The request key stands for the draft's stay fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, available, packageRequestKey, queryClient]);

  useEffect(() => {
    if (step === 2) {
      quietly(loadSafarisStep());
      quietly(queryClient.prefetchQuery(getSafarisQueryOptions()));
    }
    if (step === 3) quietly(loadPaymentStep());
  }, [step, queryClient]);
}
