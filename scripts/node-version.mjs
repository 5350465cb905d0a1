// Which Node.js runs SD6: 24 LTS is the runtime it is tested and shipped on (CI runs on it); 22.12 or newer in the
// 22 line (maintenance LTS) still runs it. Node.js 20 reached its end of life on 2026-04-30 and dependencies
// already ask for newer (cookie wants 22, vite 22.12); 23 and 21 are ended odd releases.
// Kept in step with "engines" in package.json (node-version.test.ts checks it).

export const ENGINES = '^22.12.0 || >=24';
export const SUPPORTED = 'Node.js 24 LTS (or 22.12 or newer in the 22 line)';

/** Whether a Node.js version ("24.11.1") is one SD6 supports. */
export function isSupportedNode(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major >= 24 || (major === 22 && minor >= 12);
}

/** The line an unsupported Node.js prints, or null when this one is supported. */
export function nodeVersionProblem(version = process.versions.node) {
  if (isSupportedNode(version)) return null;
  return `SD6 needs ${SUPPORTED}; this is Node.js ${version}. Start it with npm (npm start), which runs it on the Node.js 24 that npm install brings, or install Node.js 24 (https://nodejs.org).`;
}
