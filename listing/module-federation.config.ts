import type { FederationOptions } from 'shared/build';

export const federation: FederationOptions = {
  name: 'listing',
  title: 'Homestory · Listing',
  exposes: {
    './HouseDetail': './src/exposes/HouseDetail.tsx',
  },
};
