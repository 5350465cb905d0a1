// Route layouts: the authenticated layout (profile required) and the public layout of error pages.
import { useQuery } from '@tanstack/react-query';
import { useLoaderData } from 'react-router';
import type { Profile } from '../../shared/schemas/user';
import { profileQuery } from '../api/profile';
import { AppShell } from './app-shell';
import { LoginShell } from './login-shell';

/** Authenticated routes: the loader has put the profile in the cache; later changes (a saved name) show here. */
export function AuthLayout() {
  const loaded = useLoaderData() as Profile;
  const { data } = useQuery(profileQuery);
  return <AppShell profile={data ?? loaded} />;
}

/** Error pages: inside the app shell when signed in, else in the login shell. */
export function PublicLayout() {
  const profile = useLoaderData() as Profile | null;
  if (profile) return <AppShell profile={profile} />;
  return <LoginShell />;
}
