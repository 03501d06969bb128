// The local OpenID provider's demo Google-style accounts (local-oidc.ts); their avatars are
// written to storage by the seed.

export interface DemoAccount {
  sub: string;
  email: string;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
}

/** Demo Google accounts of the local provider (picture: a path under the backend URL). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { sub: '104867512349876543210', email: 'alex.morgan@example.com', name: 'Alex Morgan', given_name: 'Alex', family_name: 'Morgan', picture: '/storage/v1/object/public/avatars/google-alex.svg' },
  { sub: '117230984561237894561', email: 'priya.sharma@example.com', name: 'Priya Sharma', given_name: 'Priya', family_name: 'Sharma', picture: '/storage/v1/object/public/avatars/google-priya.svg' },
  { sub: '109348576120398475612', email: 'kenji.watanabe@example.com', name: 'Kenji Watanabe', given_name: 'Kenji', family_name: 'Watanabe', picture: '/storage/v1/object/public/avatars/google-kenji.svg' },
];
