/** A tab's data did not load: says what, and offers to try again (the form banner's look). */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="form-banner form-banner--error">
      {what} could not be loaded.{' '}
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
