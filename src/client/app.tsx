// The app: query client, instance and router.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { createAppRouter } from './app-routes';
import { readInstance } from './shell/environment';
import { InstanceProvider } from './shell/instance-context';

export function App() {
  const [state] = useState(() => {
    const queryClient = createQueryClient();
    const instance = readInstance();
    return { queryClient, instance, router: createAppRouter({ queryClient, instance }) };
  });
  return (
    <QueryClientProvider client={state.queryClient}>
      <InstanceProvider value={state.instance}>
        <RouterProvider router={state.router} />
      </InstanceProvider>
    </QueryClientProvider>
  );
}
