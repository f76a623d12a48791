/** The form's primary button: a spinner and the busy label while the request is out. */
export function SubmitButton({ busy, label, busyLabel, disabled = false }: { busy: boolean; label: string; busyLabel: string; disabled?: boolean }) {
  return (
    <button type="submit" className="button button--primary guest-form__submit" disabled={busy || disabled}>
      {busy ? (
        <>
          <span className="spinner spinner--small" aria-hidden="true" /> {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}
