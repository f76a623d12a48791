/** The local and dev stages' debug panel. */
export default function DebugPanel() {
  return null;
}
