// /logout: the route loader ends the session; this shows while the browser loads /login.
export function LogoutPage() {
  return <p className="text-body-secondary">Signing out…</p>;
}
