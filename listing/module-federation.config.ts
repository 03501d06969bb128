import type { FederationOptions } from 'shared/mf/federationOptions';

export const federation: FederationOptions = {
  name: 'listing',
  title: 'Homestory · Listing',
  exposes: {
    './HouseDetail': './src/exposes/HouseDetail.tsx',
  },
};
