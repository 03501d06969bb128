import type { FederationOptions } from 'shared/build';

export const federation: FederationOptions = {
  name: 'discovery',
  title: 'Homestory · Discovery',
  exposes: {
    './Home': './src/exposes/Home.tsx',
    './SearchBar': './src/exposes/SearchBar.tsx',
    './CategoryStrip': './src/exposes/CategoryStrip.tsx',
  },
};
