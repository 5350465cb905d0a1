// The staff users every browser journey can sign in as.
export const E2E_USERS = {
  admin: {
    email: 'admin@example.test',
    password: 'admin password for tests',
    firstName: 'System',
    lastName: 'Administrator',
    shortCode: 'ADMIN',
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
  },
  user: {
    email: 'tech@example.test',
    password: 'tech password for tests',
    firstName: 'Terry',
    lastName: 'Tech',
    shortCode: 'TTECH',
    roles: ['ROLE_USER'],
  },
  developer: {
    email: 'dev@example.test',
    password: 'developer password for tests',
    firstName: 'Devon',
    lastName: 'Developer',
    shortCode: 'DDEV',
    roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_PRIMARY_DEVELOPER'],
  },
} as const;
export type E2EUser = keyof typeof E2E_USERS;
