import type { FederationOptions } from 'shared/build';

export const federation: FederationOptions = {
  name: 'hosting',
  title: 'Homestory · Hosting',
  exposes: {
    './Hosting': './src/exposes/Hosting.tsx',
    './ListingEditor': './src/exposes/ListingEditor.tsx',
    './HostCalendar': './src/exposes/HostCalendar.tsx',
    './Earnings': './src/exposes/Earnings.tsx',
  },
};
