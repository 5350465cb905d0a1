// The serving instance (environment, alternate flag) for every component of the app.
import { createContext, type ReactNode, useContext } from 'react';
import type { Instance } from './environment';

const InstanceContext = createContext<Instance>({ environment: 'dev', alt: false });

export function InstanceProvider({ value, children }: { value: Instance; children: ReactNode }) {
  return <InstanceContext.Provider value={value}>{children}</InstanceContext.Provider>;
}

export function useInstance(): Instance {
  return useContext(InstanceContext);
}
