export const ENGINES: string;
export const SUPPORTED: string;
export function isSupportedNode(version: string): boolean;
export function nodeVersionProblem(version?: string): string | null;
