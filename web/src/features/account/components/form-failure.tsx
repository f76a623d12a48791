/** The banner for a refusal that belongs to no field (wrong password, too many attempts, offline). */
export function FormFailure({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="banner banner--error" role="alert" id={id} tabIndex={-1}>
      <p>{message}</p>
    </div>
  );
}
